import { RemoteChange } from '../src/modules/remotes/remote-setting.entity';
import { createTestApp, type TestApp } from './support';
import { manifestOf, remotesCli, scriptSrcOf, startCdn } from './support/remotes-world';
import { until } from './support/until';

const manifests: Record<string, unknown> = {
  '/v2/mf-manifest.json': manifestOf('mfe_players', '0.2.0+abc1234'),
  '/v3/mf-manifest.json': manifestOf('mfe_players', '0.3.0+def5678'),
  '/account-a/mf-manifest.json': manifestOf('mfe_account', '0.2.0+aaaaaaa'),
  '/account-b/mf-manifest.json': manifestOf('mfe_account', '0.2.1+bbbbbbb'),
};

describe('remotes: the audit trail (remotes:history), changes at once, a canary on an origin of its own', () => {
  let t: TestApp;
  let builds: { origin: string; close(): void };
  let canaries: { origin: string; close(): void };
  let run: ReturnType<typeof remotesCli>;

  beforeAll(async () => {
    builds = await startCdn(manifests);
    // The same files on another origin (localhost, not 127.0.0.1): a team's canary host.
    canaries = await startCdn(manifests, 'localhost');
    t = await createTestApp();
    run = remotesCli(t, {});
  });
  afterAll(async () => {
    await t.close();
    builds.close();
    canaries.close();
  });

  const served = async (agent = t.http) =>
    (await agent.get('/remotes.json').expect(200)).body as Record<string, string>;

  it('says a remote was never changed', async () => {
    expect(await run('remotes:history', 'players')).toEqual({
      code: 0,
      logs: ["players: never changed (REMOTES_JSON or the panel's own build)"],
      errors: [],
    });
  });

  it('lets the content-security policy name a canary origin beside the default build origin', async () => {
    const v2 = `${builds.origin}/v2/mf-manifest.json`;
    const v3 = `${canaries.origin}/v3/mf-manifest.json`;
    expect((await run('remotes:set', 'players', v2)).code).toBe(0);
    expect((await run('remotes:set', 'players', v3, '--canary', '10')).code).toBe(0);
    await until(async () => (await scriptSrcOf(t)).includes(canaries.origin), 'the canary origin in the CSP');
    expect(await scriptSrcOf(t)).toEqual(["'self'", builds.origin, canaries.origin]);

    // Rolled back, the canary stops, and its origin leaves the policy.
    expect((await run('remotes:rollback', 'players')).code).toBe(0);
    await until(async () => !(await scriptSrcOf(t)).includes(canaries.origin), 'the canary origin gone');
    expect(await scriptSrcOf(t)).toEqual(["'self'"]);
  });

  it('prints the changes newest first: when, which command, who, what was served before and after', async () => {
    const v2 = `${builds.origin}/v2/mf-manifest.json`;
    const v3 = `${canaries.origin}/v3/mf-manifest.json`;
    const history = await run('remotes:history', 'players');
    expect(history.code).toBe(0);
    expect(history.logs[0]).toBe('players: the last 3 changes, newest first');
    const own = '/remotes/players/mf-manifest.json';
    expect(history.logs.slice(1).map((line) => line.replace(/^  \S+Z  /, '  <at>  '))).toEqual([
      '  <at>  rollback by ops@example.com',
      `    before  ${v2} + canary ${v3} to 10%`,
      `    after   ${own}`,
      '  <at>  canary by ops@example.com',
      `    before  ${v2}`,
      `    after   ${v2} + canary ${v3} to 10%`,
      '  <at>  set by ops@example.com',
      `    before  ${own}`,
      `    after   ${v2}`,
    ]);
  });

  it('keeps both of two commands run at once, each recording what the other left', async () => {
    const a = `${builds.origin}/account-a/mf-manifest.json`;
    const b = `${builds.origin}/account-b/mf-manifest.json`;
    const alice = remotesCli(t, {}, 'alice@ops');
    const bob = remotesCli(t, {}, 'bob@ops');
    const results = await Promise.all([alice('remotes:set', 'account', a), bob('remotes:set', 'account', b)]);
    expect(results.map(({ code }) => code)).toEqual([0, 0]);
    const changes = await t.orm.em
      .fork()
      .find(RemoteChange, { remote: 'account' }, { orderBy: { at: 'asc' } });
    expect(changes).toHaveLength(2);
    // Whichever came second saw the first one's build as what was served before it.
    expect(changes[1].old.url).toBe(changes[0].next.url);
    expect(new Set(changes.map((change) => change.next.url))).toEqual(new Set([a, b]));
    await until(async () => (await served()).account === changes[1].next.url, 'the last command served');
  });
});
