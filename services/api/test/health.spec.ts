import { APP_VERSION } from '../src/core/config';
import { createTestApp, type TestApp } from './support';

describe('health, meta and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO: 'false' } });
  });
  afterAll(() => t.close());

  describe('GET /health/live', () => {
    it('answers 200 {status: ok}', async () => {
      const res = await t.http.get('/health/live').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    });
  });

  describe('GET /api/meta', () => {
    it('tells the web app the product, version and demo mode', async () => {
      const res = await t.api.get('/api/meta').expect(200);
      expect(res.body).toEqual({
        success: true,
        data: { name: 'Outpost', version: APP_VERSION, demo: false },
      });
    });
  });

  describe('GET /api/docs-json', () => {
    it('documents the routes with the API key and bearer schemes', async () => {
      const res = await t.http.get('/api/docs-json').expect(200);
      expect(res.body.info).toMatchObject({ title: 'Outpost API', version: APP_VERSION });
      expect(res.body.components.securitySchemes).toEqual({
        'api-key': { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      });
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/meta', '/health/ready']));
      expect(Object.keys(res.body.paths)).not.toContain('/remotes.json');
    });

    it('serves the docs page', async () => {
      const res = await t.http.get('/api/docs').expect(200);
      expect(res.text).toContain('swagger-ui');
    });
  });

  // Last: it closes the connection pool.
  describe('GET /health/ready', () => {
    it('answers 200 while the database answers', async () => {
      const res = await t.http.get('/health/ready').expect(200);
      expect(res.body).toEqual({ status: 'ok', database: 'up' });
    });

    it('answers 503 once the database is gone', async () => {
      await t.orm.close();
      const res = await t.http.get('/health/ready').expect(503);
      expect(res.body).toEqual({ status: 'error', database: 'down' });
    });
  });
});
