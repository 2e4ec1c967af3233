import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from './support';

const INDEX_HTML =
  '<!doctype html><html><head><title>Outpost</title></head><body><div id="root"></div></body></html>';
const fetchHint = (href: string) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`;
const BOOT_HINTS = fetchHint('/remotes.json') + fetchHint('/client.json');
/** The page's index.html: the boot hints, then those of the page's remote. */
const pageIndex = (remoteHints: string) => servedIndex(BOOT_HINTS + remoteHints);
/** index.html as served for a page: the built file with the page's preload hints in its head. */
const servedIndex = (hints: string) => INDEX_HTML.replace('</head>', `${hints}</head>`);
const LANDING_MANIFEST = {
  id: 'mfe_landing',
  metaData: { remoteEntry: { name: 'remoteEntry.5ba09e68.js', path: '' } },
  exposes: [
    {
      name: 'Routes',
      assets: {
        js: {
          sync: ['260.1014a159.js', '__federation_expose_Routes.8eae28cc.js'],
          async: ['893.2beefbe8.js'],
        },
        css: { sync: ['__federation_expose_Routes.788c43c1.css'], async: [] },
      },
    },
  ],
};

/** A built web app as `npm start` leaves it: the shell and one remote. */
const writeBuiltWebApp = (root: string) => {
  const shell = path.join(root, 'shell', 'dist');
  const players = path.join(root, 'mfe-players', 'dist');
  const landing = path.join(root, 'mfe-landing', 'dist');
  for (const dir of [shell, players, landing]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(landing, 'mf-manifest.json'), JSON.stringify(LANDING_MANIFEST));
  writeFileSync(path.join(shell, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(shell, 'main.3f2a1b9c4d5e.js'), 'console.log("shell")');
  writeFileSync(path.join(players, 'mf-manifest.json'), '{"id":"mfe_players"}');
  writeFileSync(path.join(players, 'remoteEntry.js'), 'var mfe_players;');
  writeFileSync(path.join(players, '__federation_expose_Routes.0a1b2c3d4e5f.js'), 'export {}');
};

describe('web app serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        REMOTES_JSON: JSON.stringify({ players: 'https://cdn.example.net/players/mf-manifest.json' }),
        PUBLIC_URL: 'http://panel.example.net',
      },
    });
    writeBuiltWebApp(t.config.webRoot);
  });
  afterAll(() => t.close());

  it('serves the shell at / without caching', async () => {
    const res = await t.http.get('/').set('Accept', 'text/html').expect(200);
    expect(res.text).toMatch(/^<!doctype html><html><head><title>Outpost<\/title>/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  // `/api` is the footer's page about the API; the API itself is under /api/.
  it.each(['/dashboard', '/networks/abc/settings', '/login', '/api'])(
    'answers the client route %s with index.html',
    async (route) => {
      const res = await t.http.get(route).set('Accept', 'text/html,application/xhtml+xml').expect(200);
      expect(res.text).toContain('<div id="root"></div>');
    },
  );

  it.each(['/nowhere', '/networks/abc/def/nowhere', '/auth/unknown', '/Dashboard/extra'])(
    'answers the unknown address %s with status 404 and the shell, which shows the Not Found screen',
    async (route) => {
      const res = await t.http.get(route).set('Accept', 'text/html').expect(404);
      expect(res.text).toBe(pageIndex(''));
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    },
  );

  it('answers a known route in another case with 200, as the shell’s router opens it', async () => {
    await t.http.get('/Dashboard').set('Accept', 'text/html').expect(200);
  });

  it('starts the landing page’s files early: the boot requests, the manifest, and the entry, Routes chunks and styles of the local landing remote', async () => {
    const res = await t.http.get('/').set('Accept', 'text/html').expect(200);
    expect(res.text).toBe(
      pageIndex(
        fetchHint('/remotes/landing/mf-manifest.json') +
          '<link rel="stylesheet" href="/remotes/landing/__federation_expose_Routes.788c43c1.css">' +
          '<script defer src="/remotes/landing/remoteEntry.5ba09e68.js"></script>' +
          '<script defer src="/remotes/landing/260.1014a159.js"></script>' +
          '<script defer src="/remotes/landing/__federation_expose_Routes.8eae28cc.js"></script>',
      ),
    );
  });

  it('hints only the manifest of a remote hosted elsewhere, and only the boot requests for a shell page', async () => {
    const players = await t.http.get('/networks/n1/s1/players').set('Accept', 'text/html').expect(200);
    expect(players.text).toBe(pageIndex(fetchHint('https://cdn.example.net/players/mf-manifest.json')));
    const shellPage = await t.http.get('/error/server').set('Accept', 'text/html').expect(200);
    expect(shellPage.text).toBe(pageIndex(''));
  });

  it('hints the files of a remote redeployed under the running panel', async () => {
    const manifest = path.join(t.config.webRoot, 'mfe-landing', 'dist', 'mf-manifest.json');
    const redeployed = structuredClone(LANDING_MANIFEST);
    redeployed.metaData.remoteEntry.name = 'remoteEntry.77aa0c1d.js';
    try {
      writeFileSync(manifest, JSON.stringify(redeployed));
      const res = await t.http.get('/').set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<script defer src="/remotes/landing/remoteEntry.77aa0c1d.js"></script>');
      expect(res.text).not.toContain('remoteEntry.5ba09e68.js');
    } finally {
      writeFileSync(manifest, JSON.stringify(LANDING_MANIFEST));
    }
  });

  it('hints the manifest alone when a local remote is not built', async () => {
    const res = await t.http.get('/login').set('Accept', 'text/html').expect(200);
    expect(res.text).toBe(pageIndex(fetchHint('/remotes/account/mf-manifest.json')));
  });

  it('gives hashed assets a long cache', async () => {
    const res = await t.http.get('/main.3f2a1b9c4d5e.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not answer non-client paths with index.html', async () => {
    const api = await t.api.get('/api/unknown').set('Accept', 'text/html').expect(404);
    expect(api.body).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
    const keyless = await t.http.get('/api/').set('Accept', 'text/html').expect(401);
    expect(keyless.body.code).toBe('INVALID_API_KEY');
    const identity = await t.http.get('/v1/unknown').set('Accept', 'text/html').expect(404);
    expect(identity.body.type).toBe('general_route_not_found');
    await t.http.get('/health/unknown').set('Accept', 'text/html').expect(404);
    const missingFile = await t.http.get('/missing.js').set('Accept', 'text/html').expect(404);
    expect(missingFile.text).not.toContain('<title>Outpost</title>');
    await t.http.get('/remotes/players/missing.js').set('Accept', 'text/html').expect(404);
  });

  it('does not answer a client route with index.html to a client that wants JSON', async () => {
    await t.http.get('/dashboard').set('Accept', 'application/json').expect(404);
  });

  it('serves a remote’s files to any origin, its manifest and entry without caching', async () => {
    const manifest = await t.http
      .get('/remotes/players/mf-manifest.json')
      .set('Origin', 'https://elsewhere.example')
      .expect(200);
    expect(manifest.body).toEqual({ id: 'mfe_players' });
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['access-control-allow-credentials']).toBeUndefined();
    expect(manifest.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const entry = await t.http
      .get('/remotes/players/remoteEntry.js')
      .set('Origin', 'https://elsewhere.example');
    expect(entry.status).toBe(200);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cache-control']).toBe('no-cache');

    const chunk = await t.http.get('/remotes/players/__federation_expose_Routes.0a1b2c3d4e5f.js').expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves /remotes.json from the configuration, REMOTES_JSON overrides included', async () => {
    const res = await t.http.get('/remotes.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      landing: '/remotes/landing/mf-manifest.json',
      account: '/remotes/account/mf-manifest.json',
      networks: '/remotes/networks/mf-manifest.json',
      players: 'https://cdn.example.net/players/mf-manifest.json',
    });
  });

  it('serves the browser settings at /client.json without an API key', async () => {
    const res = await t.http.get('/client.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      apiKey: t.config.apiKey,
      demo: true,
      community: { inviteUrl: null, widgetServerId: null },
      publicUrl: 'http://panel.example.net',
      plans: true,
      publicStats: false,
      pricing: { premiumPrice: null, premiumSupport: null },
      signInProviders: [],
    });
  });
});

describe('web app serving before the web app is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers / with a 503 page that says how to build it', async () => {
    const res = await t.http.get('/').set('Accept', 'text/html').expect(503);
    expect(res.text).toBe('The web app is not built yet: run npm start');
  });

  it('still serves the API', async () => {
    await t.api.get('/api/meta').expect(200);
  });
});
