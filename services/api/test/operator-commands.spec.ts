import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PLAN_OPERATOR_COMMAND } from '@outpost/contracts';
import { runCli, USAGE } from '../src/operator-commands';
import { createNetwork } from './support/crew';
import { createTestApp, signIn, testEnv, type TestApp } from './support';

describe('npm run panel -- users:plan <email> premium|free', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = async (...args: string[]) => {
    const out = { logs: [] as string[], errors: [] as string[] };
    const code = await runCli(args, testEnv(t.database), {
      log: (line) => out.logs.push(line),
      error: (line) => out.errors.push(line),
    });
    return { code, ...out };
  };

  it('upgrades a user and downgrades them again', async () => {
    const me = await signIn(t, { email: 'Customer@Example.com' });
    expect(await run('users:plan', 'customer@example.com', 'premium')).toEqual({
      code: 0,
      logs: ['customer@example.com is now on the premium plan.'],
      errors: [],
    });
    expect((await me.agent.get('/api/users/me').expect(200)).body.data).toMatchObject({
      plan: 'premium',
      isUpgraded: true,
    });
    expect((await run('users:plan', 'customer@example.com', 'free')).code).toBe(0);
    expect((await me.agent.get('/api/users/me').expect(200)).body.data).toMatchObject({
      plan: 'free',
      isUpgraded: false,
    });
  });

  it('fails for an unknown e-mail', async () => {
    expect(await run('users:plan', 'nobody@example.com', 'premium')).toEqual({
      code: 1,
      logs: [],
      errors: ['No user has the e-mail nobody@example.com. They must sign in once first.'],
    });
  });

  it.each([[[]], [['users:plan', 'a@example.com']], [['users:plan', 'a@example.com', 'gold']], [['nope']]])(
    'prints the usage for %j',
    async (args) => {
      expect(await run(...args)).toEqual({ code: 2, logs: [], errors: [USAGE] });
    },
  );

  it("gives the owner's networks Premium at once", async () => {
    const owner = await signIn(t, { email: 'host@example.com' });
    const network = await createNetwork(owner, 'Upgraded');
    await owner.agent.get(`/api/networks/${network.id}/metrics?range=7d`).expect(403);
    expect((await run('users:plan', 'host@example.com', 'premium')).code).toBe(0);
    await owner.agent.get(`/api/networks/${network.id}/metrics?range=7d`).expect(200);
  });
});

describe("the README's Plans section", () => {
  const readme = readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('\n## Plans\n'),
    readme.indexOf('\n## ', readme.indexOf('\n## Plans\n') + 1),
  );

  it('says how an operator sets a plan, and what PLANS=off does', () => {
    expect(section).toContain('## Plans');
    expect(USAGE).toContain(PLAN_OPERATOR_COMMAND);
    expect(section).toContain('npm run panel -- users:plan owner@example.com premium');
    expect(section).toContain('npm run panel -- users:plan owner@example.com free');
    expect(section).toMatch(/`PLANS=off`: every network then gets everything\s+Premium gives/);
  });
});
