import { runCli, USAGE } from '../src/operator-commands';
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
});
