/**
 * @jest-environment node
 */
import {
  configureApiClient,
  DEFAULT_API_KEY,
  issueJwt,
  JWT_STORAGE_KEY,
  makeStore,
  selectAuthStatus,
  selectCurrentUser,
  userSignedIn,
} from '@outpost/api-client';
import {
  installMemoryStorage,
  json,
  startTestServer,
  type TestServer,
} from '@outpost/api-client/test-server';
import { DEMO_USER_ID } from '@outpost/contracts';
import { identityApi } from './identity.api';

const user = { $id: 'u1', email: 'ana@example.com', name: 'Ana', emailVerification: true };
let server: TestServer;
let uninstall: () => void;
let accountUser = user;

beforeAll(async () => {
  server = await startTestServer({
    'GET /v1/account': (_req, res) => json(res, 200, accountUser),
    'POST /v1/account/jwts': (_req, res) => json(res, 201, { jwt: 'jwt-1' }),
    'POST /v1/account/tokens/magic-url': (req, res) =>
      json(res, 201, { $id: 't1', userId: JSON.parse(req.body).userId, expire: '2030-01-01T00:00:00.000Z' }),
    'POST /v1/account/sessions/token': (_req, res) =>
      json(res, 201, { $id: 's1', userId: 'u1', expire: '2030-01-01T00:00:00.000Z' }),
    'DELETE /v1/account/sessions/current': (_req, res) => {
      res.writeHead(204);
      res.end();
    },
  });
  configureApiClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY });
});

afterAll(async () => {
  configureApiClient({ baseUrl: '' });
  await server.close();
});

beforeEach(() => {
  uninstall = installMemoryStorage();
  server.requests.length = 0;
  accountUser = user;
});
afterEach(() => uninstall());

const last = () => server.requests[server.requests.length - 1];

describe('the API cache', () => {
  it('joins a store made before it loaded (the landing page makes one without it)', async () => {
    await jest.isolateModulesAsync(async () => {
      const client = await import('@outpost/api-client');
      client.configureApiClient({ baseUrl: server.url });
      const store = client.makeStore();
      expect(store.getState().api).toBeUndefined();
      const cache = await import('./identity.api');
      expect(store.getState().api).toBeDefined();
      const result = await store.dispatch(cache.identityApi.endpoints.getAccount.initiate());
      expect(result.data).toEqual(user);
      expect(client.selectCurrentUser(store.getState())).toEqual(user);
    });
  });
});

describe('the API cache and the signed-in user', () => {
  it('keeps what it read while the same user signs in again', async () => {
    const store = makeStore();
    await store.dispatch(identityApi.endpoints.getAccount.initiate());
    store.dispatch(userSignedIn(user));
    expect(Object.values(store.getState().api?.queries ?? {})).toMatchObject([{ data: user }]);
  });

  it('forgets what it read for one user when another signs in on the tab (the demo, say)', async () => {
    const store = makeStore();
    await store.dispatch(identityApi.endpoints.getAccount.initiate());
    store.dispatch(userSignedIn({ ...user, $id: DEMO_USER_ID, name: 'Demo' }));
    expect(store.getState().api?.queries).toEqual({});
    expect(selectCurrentUser(store.getState())?.$id).toBe(DEMO_USER_ID);
  });
});

describe('identity endpoints', () => {
  it('getAccount reads GET /v1/account and signs the user in', async () => {
    const store = makeStore();
    const result = await store.dispatch(identityApi.endpoints.getAccount.initiate());
    expect(result.data).toEqual(user);
    expect(last()).toMatchObject({ method: 'GET', url: '/v1/account' });
    expect(selectCurrentUser(store.getState())).toEqual(user);
    expect(selectAuthStatus(store.getState())).toBe('signed-in');
  });

  it('marks the demo user with the demo status', async () => {
    accountUser = { ...user, $id: DEMO_USER_ID, name: 'Demo' };
    const store = makeStore();
    await store.dispatch(identityApi.endpoints.getAccount.initiate());
    expect(selectAuthStatus(store.getState())).toBe('demo');
  });

  it('sends the JWT the session thunk stored as a bearer', async () => {
    const store = makeStore();
    await store.dispatch(issueJwt()).unwrap();
    await store.dispatch(identityApi.endpoints.getAccount.initiate());
    expect(last().headers.authorization).toBe('Bearer jwt-1');
  });

  it('createMagicUrlToken posts userId, email and url', async () => {
    const store = makeStore();
    const body = { userId: 'abc', email: 'ana@example.com', url: 'http://panel.test/auth/magic-link' };
    const result = await store.dispatch(identityApi.endpoints.createMagicUrlToken.initiate(body));
    expect(last()).toMatchObject({ method: 'POST', url: '/v1/account/tokens/magic-url' });
    expect(JSON.parse(last().body)).toEqual(body);
    expect(result.data).toMatchObject({ userId: 'abc' });
  });

  it('createSessionFromToken posts userId and secret', async () => {
    const store = makeStore();
    const result = await store.dispatch(
      identityApi.endpoints.createSessionFromToken.initiate({ userId: 'u1', secret: 's3cret' }),
    );
    expect(last()).toMatchObject({ method: 'POST', url: '/v1/account/sessions/token' });
    expect(JSON.parse(last().body)).toEqual({ userId: 'u1', secret: 's3cret' });
    expect(result.data).toMatchObject({ $id: 's1' });
  });

  it('deleteCurrentSession signs out, forgets the JWT and clears the cache', async () => {
    const store = makeStore();
    await store.dispatch(identityApi.endpoints.getAccount.initiate());
    await store.dispatch(issueJwt()).unwrap();
    const result = await store.dispatch(identityApi.endpoints.deleteCurrentSession.initiate());
    expect(result.error).toBeUndefined();
    expect(last()).toMatchObject({ method: 'DELETE', url: '/v1/account/sessions/current' });
    expect(selectAuthStatus(store.getState())).toBe('signed-out');
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBeNull();
    expect(store.getState().api?.queries).toEqual({});
  });
});
