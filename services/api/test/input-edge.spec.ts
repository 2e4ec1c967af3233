// The rules every route inherits at the edge (core/http/input-guard.ts, body-parsers.ts): a body
// the API cannot read, a NUL anywhere, a query key given twice. Each is a 4xx naming what is
// wrong, on any route, before any route code or database statement runs.
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ErrorsFixtureModule } from './fixtures/errors-fixture.module';
import { createTestApp, type TestApp } from './support';

describe('input refused at the edge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ErrorsFixtureModule] });
  });
  afterAll(() => t.close());

  describe('bodies the API cannot read', () => {
    it('415 for a charset other than UTF-8', async () => {
      const res = await t.api
        .post('/api/fixture/echo')
        .set('Content-Type', 'application/json; charset=latin1')
        .send('{"name":"Rusty"}')
        .expect(415);
      expect(res.body).toEqual({
        success: false,
        error: 'The request body must be UTF-8 JSON',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it('415 for a content encoding it does not know', async () => {
      const res = await t.api
        .post('/api/fixture/echo')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'xz')
        .send('{"name":"Rusty"}')
        .expect(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('400 for a gzip header on a body that is not gzip, and reads real gzip', async () => {
      const bad = await t.api
        .post('/api/fixture/echo')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('{"name":"Rusty"}')
        .expect(400);
      expect(bad.body).toEqual({
        success: false,
        error: 'The request body could not be read',
        code: 'VALIDATION_FAILED',
      });
      // Real gzip is read (sent by fetch: supertest does not send a Buffer body as it is).
      await new Promise<void>((resolve) => t.app.getHttpServer().listen(0, '127.0.0.1', resolve));
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      const good = await fetch(`http://127.0.0.1:${port}/api/fixture/echo`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          'x-api-key': t.config.apiKey,
        },
        body: gzipSync('{"name":"Rusty"}'),
      });
      expect(good.status).toBe(201);
      expect(await good.json()).toEqual({ success: true, data: { name: 'Rusty' } });
    });

    it('answers the plugin API and /v1 in their own shapes', async () => {
      const plugin = await t.http
        .post('/api/plugin/v1/heartbeat')
        .set('Content-Type', 'application/json; charset=latin1')
        .send('{}')
        .expect(415);
      expect(plugin.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const identity = await t.http
        .post('/v1/account/tokens/magic-url')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'br')
        .send('{}')
        .expect(400);
      expect(identity.body).toEqual({
        message: 'The request body could not be read',
        code: 400,
        type: 'general_argument_invalid',
      });
    });
  });

  describe('the NUL character', () => {
    it('in a path id: 400 naming the path', async () => {
      const res = await t.api.delete('/api/invites/abc%00def').expect(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Text must not contain the NUL character',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'path', message: 'Text must not contain the NUL character' }],
      });
      await t.http.get('/api/plugin/v1/bans/abc%00/76561198000000001').expect(400);
    });

    it('in a query value or key: 400 naming the parameter', async () => {
      const res = await t.api.get('/api/players?networkId=a%00b').expect(400);
      expect(res.body.details).toEqual([
        { field: 'networkId', message: 'Text must not contain the NUL character' },
      ]);
      await t.api.get('/api/players?net%00workId=a').expect(400);
    });

    it('in a body string, at any depth, or a key: 400 naming the field', async () => {
      const deep = await t.api
        .post('/api/fixture/echo')
        .send({ name: 'Rusty', list: [{ ok: 'x' }, { bad: 'a\u0000b' }] })
        .expect(400);
      expect(deep.body.details).toEqual([
        { field: 'list.1.bad', message: 'Text must not contain the NUL character' },
      ]);
      const key = await t.api
        .post('/api/fixture/echo')
        .send({ ['na\u0000me']: 'Rusty' })
        .expect(400);
      expect(key.body.details[0].field).toBe('na\u0000me');
    });

    it('is not mistaken for a bad percent-encoding elsewhere: a malformed escape is a 400 too', async () => {
      const res = await t.api.get('/api/servers/%E0%A4%A').expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('nesting', () => {
    it('400 for a body nested a hundred thousand levels deep (once a stack overflow and a 500)', async () => {
      const body = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const api = await t.api
        .post('/api/fixture/echo')
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400);
      expect(api.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: 'The request nests deeper than 32 levels',
      });
      const plugin = await t.http
        .post('/api/plugin/v1/heartbeat')
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400);
      expect(plugin.body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('query parameters', () => {
    it('400 when a key is given twice, naming it', async () => {
      const res = await t.api.get('/api/players?networkId=A&networkId=A').expect(400);
      expect(res.body).toEqual({
        success: false,
        error: 'networkId must be given once, as text',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'networkId', message: 'networkId must be given once, as text' }],
      });
    });
  });
});
