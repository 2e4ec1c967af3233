import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from './support';

// The one-file bridge a game server's machine downloads: public, as `npm run build` left it in
// services/bridge/dist, with its SHA-256 beside it; a plain 404 on a panel that was not built.

const BRIDGE = '#!/usr/bin/env node\nconsole.log("outpost-bridge");\n';
const SHA = createHash('sha256').update(BRIDGE).digest('hex');

describe('GET /downloads/outpost-bridge.mjs and GET /downloads/outpost-bridge.mjs.sha256', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    t = await createTestApp();
    dist = path.join(t.config.webRoot, 'services', 'bridge', 'dist');
  });
  afterAll(() => t.close());
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const build = () => {
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'outpost-bridge.mjs'), BRIDGE);
    writeFileSync(path.join(dist, 'outpost-bridge.mjs.sha256'), `${SHA}  outpost-bridge.mjs\n`);
  };

  it('serves the built bridge to anyone, as JavaScript to save, revalidated on each download', async () => {
    build();
    const res = await t.http.get('/downloads/outpost-bridge.mjs').buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="outpost-bridge.mjs"');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    const body = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;
    expect(createHash('sha256').update(body).digest('hex')).toBe(SHA);
    // Unchanged since the last download: 304, nothing sent again.
    await t.http.get('/downloads/outpost-bridge.mjs').set('If-None-Match', res.headers.etag).expect(304);
  });

  it('answers its SHA-256 in the form sha256sum -c reads, matching the file', async () => {
    build();
    const res = await t.http.get('/downloads/outpost-bridge.mjs.sha256').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(`${SHA}  outpost-bridge.mjs\n`);
  });

  it.each(['/downloads/outpost-bridge.mjs', '/downloads/outpost-bridge.mjs.sha256'])(
    'answers %s with a plain 404 saying how to build it when the panel was not built',
    async (url) => {
      const res = await t.http.get(url).expect(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toBe('outpost-bridge is not built on this panel: run npm run build');
    },
  );

  it('serves nothing else from the bridge folder', async () => {
    build();
    writeFileSync(path.join(dist, 'main.js'), 'secret');
    await t.http.get('/downloads/main.js').expect(404);
    await t.http.get('/downloads/../main.js').expect(404);
  });
});
