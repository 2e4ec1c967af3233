import { ErrorsFixtureModule } from './fixtures/errors-fixture.module';
import { createTestApp, type TestApp } from './support';

describe('HTTP answers (one exception filter, one envelope)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ErrorsFixtureModule] });
  });
  afterAll(() => t.close());

  describe('/api success envelope', () => {
    it('wraps what a handler returns as {success: true, data}', async () => {
      const res = await t.api.post('/api/fixture/echo').send({ name: 'Rusty', size: 3 }).expect(201);
      expect(res.body).toEqual({ success: true, data: { name: 'Rusty', size: 3 } });
    });

    it('answers data: null when a handler returns nothing', async () => {
      const res = await t.api.get('/api/fixture/nothing').expect(200);
      expect(res.body).toEqual({ success: true, data: null });
    });

    it('leaves a handler that opts out unwrapped', async () => {
      const res = await t.api.get('/api/fixture/raw').expect(200);
      expect(res.body).toEqual({ raw: true });
    });
  });

  describe('/api failures', () => {
    it('400: the first message as error, one detail per field', async () => {
      const res = await t.api.post('/api/fixture/echo').send({ name: 'ab', size: 'big' }).expect(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Name must be at least 3 characters',
        code: 'VALIDATION_FAILED',
        details: [
          { field: 'name', message: 'Name must be at least 3 characters' },
          { field: 'size', message: 'Size must be a number' },
        ],
      });
    });

    it('400 (not 500) for malformed JSON', async () => {
      const res = await t.api
        .post('/api/fixture/echo')
        .set('Content-Type', 'application/json')
        .send('{"name": "Rusty",')
        .expect(400);
      expect(res.body).toEqual({
        success: false,
        error: 'The request body is not valid JSON',
        code: 'VALIDATION_FAILED',
      });
    });

    it('413 for a body over the limit', async () => {
      const res = await t.api
        .post('/api/fixture/echo')
        .send({ name: 'x'.repeat(1024 * 1024 + 10) })
        .expect(413);
      expect(res.body).toEqual({
        success: false,
        error: 'The request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    });

    it('401 for a route that needs a session when there is none', async () => {
      const res = await t.api.get('/api/fixture/private').expect(401);
      expect(res.body).toEqual({ success: false, error: 'Authentication required', code: 'UNAUTHORIZED' });
    });

    it('403 for a domain refusal, with its code and message', async () => {
      const res = await t.api.get('/api/fixture/forbidden').expect(403);
      expect(res.body).toEqual({ success: false, error: 'The demo is read-only', code: 'DEMO_READ_ONLY' });
    });

    it('404 for an unknown /api route', async () => {
      const res = await t.api.get('/api/does-not-exist').expect(404);
      expect(res.body).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
    });

    it('409 for a conflict', async () => {
      const res = await t.api.get('/api/fixture/conflict').expect(409);
      expect(res.body).toEqual({ success: false, error: 'That name is taken', code: 'CONFLICT' });
    });

    it('429 with Retry-After', async () => {
      const res = await t.api.get('/api/fixture/rate-limited').expect(429);
      expect(res.headers['retry-after']).toBe('42');
      expect(res.body).toEqual({
        success: false,
        error: 'Too many sign-in e-mails, try again later',
        code: 'RATE_LIMITED',
      });
    });

    it('500 only for a real bug, without its details', async () => {
      const res = await t.api.get('/api/fixture/bug').expect(500);
      expect(res.body).toEqual({ success: false, error: 'Internal server error', code: 'INTERNAL' });
    });
  });

  describe('X-API-Key', () => {
    it('is required on /api routes', async () => {
      const res = await t.http.get('/api/meta').expect(401);
      expect(res.body).toEqual({
        success: false,
        error: 'Missing or invalid API key',
        code: 'INVALID_API_KEY',
      });
    });

    it('must be the configured key', async () => {
      const res = await t.http.get('/api/meta').set('X-API-Key', 'guess').expect(401);
      expect(res.body.code).toBe('INVALID_API_KEY');
    });

    it('is checked before the body is parsed', async () => {
      const res = await t.http
        .post('/api/fixture/echo')
        .set('Content-Type', 'application/json')
        .send('{not json')
        .expect(401);
      expect(res.body.code).toBe('INVALID_API_KEY');
    });

    it('is not required for the docs, /health, /v1 or the plugin API', async () => {
      await t.http.get('/api/docs-json').expect(200);
      await t.http.get('/health/live').expect(200);
      await t.http.get('/v1/fixture/invalid-token').expect(401); // the route's own answer, not the key's
      const plugin = await t.http.get('/api/plugin/v1/anything').expect(404);
      expect(plugin.body.code).toBe('NOT_FOUND');
    });
  });

  describe('/v1 failures (Appwrite shape)', () => {
    it('401 general_unauthorized_scope for a route that needs a session', async () => {
      const res = await t.http.get('/v1/fixture/private').expect(401);
      expect(res.body).toEqual({
        message: 'Authentication required',
        code: 401,
        type: 'general_unauthorized_scope',
      });
    });

    it('keeps the Appwrite type a domain error names', async () => {
      const res = await t.http.get('/v1/fixture/invalid-token').expect(401);
      expect(res.body).toEqual({
        message: 'Invalid token passed in the request.',
        code: 401,
        type: 'user_invalid_token',
      });
    });

    it('400 general_argument_invalid for bad input and malformed JSON', async () => {
      const invalid = await t.http.post('/v1/fixture/body').send({ name: 'ab' }).expect(400);
      expect(invalid.body).toEqual({
        message: 'Name must be at least 3 characters',
        code: 400,
        type: 'general_argument_invalid',
      });
      const malformed = await t.http
        .post('/v1/fixture/body')
        .set('Content-Type', 'application/json')
        .send('{')
        .expect(400);
      expect(malformed.body.type).toBe('general_argument_invalid');
    });

    it('404 general_route_not_found for an unknown route', async () => {
      const res = await t.http.get('/v1/nothing-here').expect(404);
      expect(res.body).toEqual({ message: 'Not found', code: 404, type: 'general_route_not_found' });
    });
  });

  // Last: it closes the connection pool.
  describe('an unreachable database', () => {
    it('answers 503 DATABASE_UNAVAILABLE, not 500', async () => {
      await t.api.get('/api/fixture/query').expect(200);
      await t.orm.close();
      const res = await t.api.get('/api/fixture/query').expect(503);
      expect(res.body).toEqual({
        success: false,
        error: 'The database is unavailable, please try again shortly',
        code: 'DATABASE_UNAVAILABLE',
      });
    });
  });
});
