import { createTestApp, type TestApp } from './support';

const PANEL = 'https://panel.example.com';
const CDN_MANIFEST = 'https://cdn.example.net/players/mf-manifest.json';

describe('security headers and CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: PANEL,
        ALLOWED_ORIGINS: `${PANEL},https://admin.example.com`,
        REMOTES_JSON: JSON.stringify({ players: CDN_MANIFEST }),
      },
    });
  });
  afterAll(() => t.close());

  const directives = (csp: string) =>
    Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );

  it('sends a CSP allowing the app itself and the remote hosts it loads from', async () => {
    const res = await t.api.get('/api/meta').expect(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.net']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.example.net']);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdn.example.net']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
  });

  it('sends helmet’s other protective headers', async () => {
    const res = await t.http.get('/health/live').expect(200);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('echoes an allowed origin, with credentials and the exposed fallback-cookies header', async () => {
    const res = await t.api.get('/api/meta').set('Origin', 'https://admin.example.com').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toBe('X-Fallback-Cookies');
  });

  it('does not allow a foreign origin', async () => {
    const res = await t.api.get('/api/meta').set('Origin', 'https://evil.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from an allowed origin without asking for the API key', async () => {
    const res = await t.http
      .options('/api/meta')
      .set('Origin', PANEL)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-api-key,authorization,content-type')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe(PANEL);
    expect(res.headers['access-control-allow-headers']).toBe('x-api-key,authorization,content-type');
  });

  it('refuses a preflight from a foreign origin', async () => {
    const res = await t.http
      .options('/api/meta')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the landing page ask for and frame the chat widget, only when one is configured', async () => {
    const withWidget = await createTestApp({
      env: { PUBLIC_URL: 'http://localhost:3000', COMMUNITY_WIDGET_SERVER_ID: '123456789012345678' },
    });
    try {
      const res = await withWidget.http.get('/health/live').expect(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['frame-src']).toEqual(["'self'", 'https://discord.com/widget']);
      expect(csp['connect-src']).toEqual([
        "'self'",
        'https://discord.com/api/guilds/123456789012345678/widget.json',
      ]);
    } finally {
      await withWidget.close();
    }
  });

  it('checks the API key and wraps the answer on an API path written in another case', async () => {
    expect((await t.http.get('/API/Meta').expect(401)).body.code).toBe('INVALID_API_KEY');
    expect((await t.api.get('/Api/meta').expect(200)).body.success).toBe(true);
  });

  it('does not ask a plain-http install to upgrade requests', async () => {
    const local = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    try {
      const res = await local.http.get('/health/live').expect(200);
      expect(directives(res.headers['content-security-policy'])).not.toHaveProperty(
        'upgrade-insecure-requests',
      );
      expect(directives(res.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    } finally {
      await local.close();
    }
  });
});
