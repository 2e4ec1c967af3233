import { createServer } from 'node:http';
import { RemoteChange } from '../src/modules/remotes/remote-setting.entity';
import { createTestApp, type TestApp } from './support';
import { signInByMagicLink } from './support/auth';
import { manifestOf, remotesCli, scriptSrcOf, startCdn } from './support/remotes-world';
import { until } from './support/until';

/** A second origin hosting builds of remotes: each path its manifest body (or a status). */
const manifests: Record<string, unknown> = {};

const ENV_MANIFEST = 'https://cdn.example.net/players/mf-manifest.json';

describe('remotes switched while the panel runs (npm run panel -- remotes:*, GET /remotes.json)', () => {
  let t: TestApp;
  let cdn: { origin: string; close(): void };
  let origin: string;
  let run: ReturnType<typeof remotesCli>;

  beforeAll(async () => {
    cdn = await startCdn(manifests);
    origin = cdn.origin;
    manifests['/v2/mf-manifest.json'] = manifestOf('mfe_players', '0.2.0+abc1234');
    manifests['/v3/mf-manifest.json'] = manifestOf('mfe_players', '0.3.0+def5678');
    manifests['/landing/mf-manifest.json'] = manifestOf('mfe_landing', '0.2.0+abc1234');
    manifests['/text/mf-manifest.json'] = 'not json';
    manifests['/other/mf-manifest.json'] = { hello: 'world' };
    manifests['/next-major/mf-manifest.json'] = manifestOf('mfe_players', '2.4.1+0000000', '2.0.0');
    t = await createTestApp({ env: { REMOTES_JSON: JSON.stringify({ players: ENV_MANIFEST }) } });
    run = remotesCli(t, { REMOTES_JSON: JSON.stringify({ players: ENV_MANIFEST }) });
  });
  afterAll(async () => {
    await t.close();
    cdn.close();
  });

  const served = async (agent = t.http) =>
    (await agent.get('/remotes.json').expect(200)).body as Record<string, string>;
  const scriptSrc = () => scriptSrcOf(t);

  it('serves REMOTES_JSON until the operator sets a remote, and lists it', async () => {
    expect((await served()).players).toBe(ENV_MANIFEST);
    const list = await run('remotes:list');
    expect(list.code).toBe(0);
    expect(list.logs).toContain('players');
    expect(list.logs).toContainEqual(
      expect.stringMatching(new RegExp(`^  serves    ${ENV_MANIFEST} \\(version unknown`)),
    );
    expect(list.logs).toContain('  canary    none');
    expect(await scriptSrc()).toEqual(["'self'", 'https://cdn.example.net']);
  });

  it("refuses a URL that is not the remote's Module Federation manifest, and changes nothing", async () => {
    expect(await run('remotes:set', 'players', `${origin}/missing/mf-manifest.json`)).toEqual({
      code: 1,
      logs: [],
      errors: [`${origin}/missing/mf-manifest.json answered 404.`],
    });
    expect((await run('remotes:set', 'players', `${origin}/text/mf-manifest.json`)).errors).toEqual([
      `${origin}/text/mf-manifest.json is not JSON, so not a Module Federation manifest.`,
    ]);
    expect((await run('remotes:set', 'players', `${origin}/other/mf-manifest.json`)).errors).toEqual([
      `${origin}/other/mf-manifest.json is not a Module Federation manifest (no metaData.name and remoteEntry).`,
    ]);
    expect((await run('remotes:set', 'players', `${origin}/landing/mf-manifest.json`)).errors).toEqual([
      `${origin}/landing/mf-manifest.json is the manifest of mfe_landing, not of mfe_players (players).`,
    ]);
    expect((await run('remotes:set', 'players', 'ftp://example.com/mf-manifest.json')).errors).toEqual([
      'ftp://example.com/mf-manifest.json is not an http or https URL.',
    ]);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const down = `http://127.0.0.1:${(closed.address() as { port: number }).port}/mf-manifest.json`;
    await new Promise((resolve) => closed.close(resolve));
    expect((await run('remotes:set', 'players', down)).errors).toEqual([
      `${down} did not answer (ECONNREFUSED).`,
    ]);
    expect((await run('remotes:promote', 'players')).errors).toEqual(['players has no canary to promote.']);
    expect((await run('remotes:rollback', 'players')).errors).toEqual([
      'players has no previous URL to roll back to.',
    ]);
    expect((await served()).players).toBe(ENV_MANIFEST);
  });

  it.each([
    [['remotes:set']],
    [['remotes:set', 'admin', 'http://x/mf-manifest.json']],
    [['remotes:set', 'players']],
    [['remotes:set', 'players', 'http://x/m.json', '--canary']],
    [['remotes:set', 'players', 'http://x/m.json', '--canary', '0']],
    [['remotes:set', 'players', 'http://x/m.json', '--canary', '100']],
    [['remotes:set', 'players', 'http://x/m.json', '--share', '5']],
    [['remotes:list', 'players']],
    [['remotes:promote']],
    [['remotes:history']],
    [['remotes:history', 'players', 'more']],
    [['remotes:nope', 'players']],
  ])('prints the usage for %j', async (args) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.errors[0]).toMatch(
      /remotes:set <landing\|account\|networks\|players> <manifest-url> \[--canary <1-99>\]/,
    );
  });

  it('sets a remote: every instance serves it within seconds, the CSP follows, the change is audited', async () => {
    const result = await run('remotes:set', 'players', `${origin}/v2/mf-manifest.json`);
    expect(result).toMatchObject({ code: 0, errors: [] });
    expect(result.logs[0]).toBe(
      `players now serves ${origin}/v2/mf-manifest.json (version 0.2.0+abc1234, contracts 1.0.0) to everyone.`,
    );
    await until(
      async () => (await served()).players === `${origin}/v2/mf-manifest.json`,
      'the new players URL',
    );
    expect(await scriptSrc()).toEqual(["'self'", origin]);
    const changes = await t.orm.em.fork().find(RemoteChange, { remote: 'players' });
    expect(changes.map(({ action, operator, old, next }) => ({ action, operator, old, next }))).toEqual([
      {
        action: 'set',
        operator: 'ops@example.com',
        old: { url: ENV_MANIFEST, canary: null },
        next: { url: `${origin}/v2/mf-manifest.json`, canary: null },
      },
    ]);
    const list = await run('remotes:list');
    expect(list.logs).toContain(
      `  serves    ${origin}/v2/mf-manifest.json (version 0.2.0+abc1234, contracts 1.0.0)`,
    );
    expect(list.logs).toContain(`  previous  ${ENV_MANIFEST}`);
    expect(list.logs).toContainEqual(expect.stringMatching(/^  changed   by ops@example\.com at /));
  });

  it('serves a canary to its share, the same side on every visit of a browser and of a user', async () => {
    expect(
      (await run('remotes:set', 'players', `${origin}/v3/mf-manifest.json`, '--canary', '50')).code,
    ).toBe(0);
    const v2 = `${origin}/v2/mf-manifest.json`;
    const v3 = `${origin}/v3/mf-manifest.json`;
    // This instance reads the settings every 5 s: wait until it serves the canary to someone.
    await until(async () => (await served(t.newAgent())).players === v3, 'a canary answer');
    const browsers = Array.from({ length: 24 }, () => t.newAgent());
    const first = await Promise.all(browsers.map(async (agent) => (await served(agent)).players));
    expect(new Set(first)).toEqual(new Set([v2, v3]));
    const again = await Promise.all(browsers.map(async (agent) => (await served(agent)).players));
    expect(again).toEqual(first);
    // The CSP allows both builds' origin (here the same host), and the panel's own.
    expect(await scriptSrc()).toEqual(["'self'", origin]);

    // A signed-in user gets the same side in a second browser.
    const one = await signInByMagicLink(t, 'canary@example.com');
    const two = await signInByMagicLink(t, 'canary@example.com');
    const side = (await served(one.agent)).players;
    for (let visit = 0; visit < 3; visit += 1) expect((await served(two.agent)).players).toBe(side);
  });

  it('promotes the canary, then rolls back to the build before it', async () => {
    const v2 = `${origin}/v2/mf-manifest.json`;
    const v3 = `${origin}/v3/mf-manifest.json`;
    expect((await run('remotes:promote', 'players')).logs[0]).toBe(
      `players now serves ${v3} (version 0.3.0+def5678, contracts 1.0.0) to everyone.`,
    );
    await until(async () => (await served()).players === v3, 'the promoted build');
    expect((await run('remotes:rollback', 'players')).logs[0]).toBe(
      `players rolled back: it serves ${v2} (version 0.2.0+abc1234, contracts 1.0.0) again.`,
    );
    await until(async () => (await served()).players === v2, 'the build rolled back to');
    const changes = await t.orm.em
      .fork()
      .find(RemoteChange, { remote: 'players' }, { orderBy: { at: 'asc' } });
    expect(changes.map((c) => [c.action, c.old.url, c.next.url, c.next.canary])).toEqual([
      ['set', ENV_MANIFEST, v2, null],
      ['canary', v2, v2, { url: v3, share: 50 }],
      ['promote', v2, v3, null],
      ['rollback', v3, v2, null],
    ]);
  });

  it('warns of a build for other contracts; a second rollback serves the build rolled back from', async () => {
    const next = await run('remotes:set', 'players', `${origin}/next-major/mf-manifest.json`);
    expect(next.logs[1]).toBe(
      'Warning: it was built for contracts 2.0.0, this panel has contracts 1.0.0: browsers will show its explained fallback.',
    );
    await until(async () => (await served()).players.includes('next-major'), 'the other-contracts build');
    await run('remotes:rollback', 'players');
    await run('remotes:rollback', 'players');
    await until(
      async () => (await served()).players === `${origin}/next-major/mf-manifest.json`,
      'toggled back',
    );
  });
});
