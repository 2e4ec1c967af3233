/**
 * @jest-environment node
 */
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { configureApiClient, DEFAULT_API_KEY, JWT_STORAGE_KEY } from './config';
import { createProductBaseQuery, serializeQuery, type ApiClientError } from './base-query';
import { installMemoryStorage, json, startTestServer, type TestServer } from './spec-support/test-server';

let server: TestServer;
const seenRequests: Request[] = [];
// Real fetch; the wrapper only keeps the Request so the spec can read what fetch was told.
const recordingFetch: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  seenRequests.push(request);
  return fetch(request);
};

const queryApi = (state: unknown = {}): BaseQueryApi => ({
  signal: new AbortController().signal,
  abort: () => undefined,
  dispatch: () => undefined,
  getState: () => state,
  extra: undefined,
  endpoint: 'spec',
  type: 'query',
});

beforeAll(async () => {
  server = await startTestServer({
    'GET /envelope': (_req, res) => json(res, 200, { success: true, data: { id: 'n1', name: 'EU' } }),
    'GET /envelope-null': (_req, res) => json(res, 200, { success: true, data: null }),
    'GET /plain': (_req, res) => json(res, 200, { $id: 'u1', email: 'a@b.c' }),
    'POST /echo': (req, res) => json(res, 201, { success: true, data: JSON.parse(req.body) }),
    'POST /raw': (req, res) => json(res, 200, { received: req.body }),
    'DELETE /nothing': (_req, res) => {
      res.writeHead(204);
      res.end();
    },
    'GET /not-found': (_req, res) =>
      json(res, 404, { success: false, error: 'Network not found', code: 'NOT_FOUND' }),
    'POST /invalid': (_req, res) =>
      json(res, 400, {
        success: false,
        error: 'Network name is required',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'name', message: 'Network name is required' }],
      }),
    'GET /v1/account': (_req, res) =>
      json(res, 401, {
        message: 'User (role: guests) missing scope (account)',
        code: 401,
        type: 'general_unauthorized_scope',
      }),
    'GET /gateway': (_req, res) => {
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
      res.end('<html>upstream down</html>');
    },
    'GET /image': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.end(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x80, 0xfe]));
    },
    'GET /soft-failure': (_req, res) =>
      json(res, 200, { success: false, error: 'Invalid invite code', code: 'NOT_FOUND' }),
  });
});

afterAll(() => server.close());

beforeEach(() => {
  seenRequests.length = 0;
  server.requests.length = 0;
  configureApiClient({ apiKey: DEFAULT_API_KEY, baseUrl: '' });
});

const lastRequest = () => server.requests[server.requests.length - 1];

describe('createProductBaseQuery against a real HTTP server', () => {
  it('sends the JSON content type, the configured X-API-Key and cookies on every call', async () => {
    const query = createProductBaseQuery({ baseUrl: server.url, fetchFn: recordingFetch });
    await query('/plain', queryApi(), {});
    expect(lastRequest().headers['content-type']).toBe('application/json');
    expect(lastRequest().headers['x-api-key']).toBe('outpost-web');
    expect(seenRequests[0].credentials).toBe('include');

    configureApiClient({ apiKey: 'panel-key-2' });
    await query('/plain', queryApi(), {});
    expect(lastRequest().headers['x-api-key']).toBe('panel-key-2');
  });

  it('follows the base URL given to configureApiClient when none is fixed', async () => {
    configureApiClient({ baseUrl: `${server.url}/` });
    const result = await createProductBaseQuery()('/plain', queryApi(), {});
    expect(result.data).toEqual({ $id: 'u1', email: 'a@b.c' });
  });

  it('joins base URL and path with one slash; an absolute URL stands alone', async () => {
    const query = createProductBaseQuery({ baseUrl: `${server.url}/` });
    expect((await query('plain', queryApi(), {})).data).toEqual({ $id: 'u1', email: 'a@b.c' });
    const elsewhere = createProductBaseQuery({ baseUrl: 'http://127.0.0.1:9' });
    expect((await elsewhere(`${server.url}/plain`, queryApi(), {})).data).toEqual({
      $id: 'u1',
      email: 'a@b.c',
    });
    await query({ url: '/plain?view=full', params: { page: 2 } }, queryApi(), {});
    expect(lastRequest().url).toBe('/plain?view=full&page=2');
  });

  it('leaves out headers given as undefined and sends non-JSON bodies as they are', async () => {
    const query = createProductBaseQuery({ baseUrl: server.url });
    await query(
      {
        url: '/raw',
        method: 'POST',
        headers: { 'X-Trace': undefined, 'Content-Type': 'text/plain' },
        body: 'plain words',
      },
      queryApi({ auth: { jwt: 'j-7' } }),
      {},
    );
    expect(lastRequest().headers['x-trace']).toBeUndefined();
    expect(lastRequest().headers.authorization).toBe('Bearer j-7');
    expect(lastRequest().body).toBe('plain words');
    await query({ url: '/raw', method: 'POST', body: new Uint8Array([123, 125]) }, queryApi(), {});
    expect(lastRequest().body).toBe('{}');
    expect(lastRequest().headers['content-type']).toBe('application/json');
  });

  it('omits undefined, null and empty query values but keeps 0 and false', async () => {
    const query = createProductBaseQuery({ baseUrl: server.url });
    await query(
      {
        url: '/plain',
        params: { networkId: 'n1', serverId: undefined, search: '', page: 0, sortBy: null, online: false },
      },
      queryApi(),
      {},
    );
    expect(lastRequest().url).toBe('/plain?networkId=n1&page=0&online=false');
    expect(serializeQuery({ a: ['x', '', 'y'], b: undefined })).toBe('a=x&a=y');
  });

  describe('bearer token', () => {
    let uninstall: () => void;
    beforeEach(() => {
      uninstall = installMemoryStorage();
    });
    afterEach(() => uninstall());

    it('sends the JWT held in the store', async () => {
      localStorage.setItem(JWT_STORAGE_KEY, 'stored-jwt');
      await createProductBaseQuery({ baseUrl: server.url })(
        '/plain',
        queryApi({ auth: { jwt: 'store-jwt' } }),
        {},
      );
      expect(lastRequest().headers.authorization).toBe('Bearer store-jwt');
    });

    it('falls back to the JWT in localStorage', async () => {
      localStorage.setItem(JWT_STORAGE_KEY, 'stored-jwt');
      await createProductBaseQuery({ baseUrl: server.url })('/plain', queryApi({ auth: { jwt: null } }), {});
      expect(lastRequest().headers.authorization).toBe('Bearer stored-jwt');
    });

    it('sends no Authorization header when there is no JWT', async () => {
      await createProductBaseQuery({ baseUrl: server.url })('/plain', queryApi({ auth: { jwt: null } }), {});
      expect(lastRequest().headers).not.toHaveProperty('authorization');
    });
  });

  describe('success', () => {
    const query = () => createProductBaseQuery({ baseUrl: server.url });

    it('yields the envelope data field', async () => {
      expect((await query()('/envelope', queryApi(), {})).data).toEqual({ id: 'n1', name: 'EU' });
      expect((await query()('/envelope-null', queryApi(), {})).data).toBeNull();
    });

    it('yields the whole body when there is no data field', async () => {
      expect((await query()('/plain', queryApi(), {})).data).toEqual({ $id: 'u1', email: 'a@b.c' });
    });

    it('sends a JSON body and reads the answer', async () => {
      const result = await query()({ url: '/echo', method: 'POST', body: { name: 'EU' } }, queryApi(), {});
      expect(lastRequest().body).toBe('{"name":"EU"}');
      expect(result.data).toEqual({ name: 'EU' });
    });

    it('yields an image as a Blob, byte for byte', async () => {
      const result = await query()('/image', queryApi(), {});
      const blob = result.data as Blob;
      expect(blob.type).toBe('image/jpeg');
      expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0x00, 0x80, 0xfe]);
    });

    it('treats a 204 with no body as success with null', async () => {
      const result = await query()({ url: '/nothing', method: 'DELETE' }, queryApi(), {});
      expect(result).toEqual(expect.objectContaining({ data: null }));
      expect(result.error).toBeUndefined();
    });
  });

  describe('failure', () => {
    const fail = async (
      args: Parameters<ReturnType<typeof createProductBaseQuery>>[0],
      baseUrl = server.url,
    ) => (await createProductBaseQuery({ baseUrl })(args, queryApi(), {})).error as ApiClientError;

    it('uses the product envelope error and code', async () => {
      expect(await fail('/not-found')).toEqual({
        status: 404,
        message: 'Network not found',
        code: 'NOT_FOUND',
      });
    });

    it('keeps validation details', async () => {
      expect(await fail({ url: '/invalid', method: 'POST', body: {} })).toEqual({
        status: 400,
        message: 'Network name is required',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'name', message: 'Network name is required' }],
      });
    });

    it('uses the message and type of an Appwrite-shaped /v1 error', async () => {
      expect(await fail('/v1/account')).toEqual({
        status: 401,
        message: 'User (role: guests) missing scope (account)',
        code: 'general_unauthorized_scope',
      });
    });

    it('falls back to the HTTP status text', async () => {
      expect(await fail('/gateway')).toEqual({ status: 502, message: 'Bad Gateway' });
    });

    it('treats a 2xx that says success: false as a failure', async () => {
      expect(await fail('/soft-failure')).toEqual({
        status: 200,
        message: 'Invalid invite code',
        code: 'NOT_FOUND',
      });
    });

    it('falls back to the network error message when nothing answers', async () => {
      const closed = await startTestServer({});
      await closed.close();
      const error = await fail('/plain', closed.url);
      expect(error.status).toBe('FETCH_ERROR');
      expect(error.message).toMatch(/fetch failed/);
    });
  });
});
