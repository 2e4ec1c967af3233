import { UserIdentity } from '../src/modules/identity/user-identity.entity';
import {
  createTestApp,
  signIn,
  signInByMagicLink,
  startOAuthProvider,
  type MockOAuthProvider,
  type TestApp,
} from './support';

const SUCCESS = 'http://localhost:3000/auth/oauth/success';
const FAILURE = 'http://localhost:3000/auth/oauth/failure';

type Agent = ReturnType<TestApp['newAgent']>;
type FlowOptions = { success?: string; failure?: string; changeState?: (state: string) => string | null };

describe('OAuth sign-in (GET /v1/account/sessions/oauth2/:provider and its callback)', () => {
  let provider: MockOAuthProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startOAuthProvider();
    t = await createTestApp({
      env: { ...provider.envFor('github'), ...provider.envFor('discord'), ...provider.envFor('google') },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  /** Browser steps: our start route → provider's authorize → our callback. Answers the final redirect. */
  const runFlow = async (agent: Agent, name: string, options: FlowOptions = {}): Promise<URL> => {
    const query = new URLSearchParams({
      success: options.success ?? SUCCESS,
      failure: options.failure ?? FAILURE,
    });
    const start = await agent.get(`/v1/account/sessions/oauth2/${name}?${query}`).expect(302);
    const authorize = new URL(start.headers.location!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${provider.url}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `http://localhost:3000/v1/account/sessions/oauth2/callback/${name}`,
    );
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    if (options.changeState) {
      const changed = options.changeState(authorize.searchParams.get('state')!);
      if (changed === null) authorize.searchParams.delete('state');
      else authorize.searchParams.set('state', changed);
    }
    const authorized = await fetch(authorize, { redirect: 'manual' });
    expect(authorized.status).toBe(302);
    const callback = new URL(authorized.headers.get('location')!);
    const done = await agent.get(`${callback.pathname}${callback.search}`).expect(302);
    return new URL(done.headers.location!);
  };

  const accountOf = async (agent: Agent) => (await agent.get('/v1/account').expect(200)).body;

  describe('GitHub', () => {
    it('signs in with the verified primary e-mail, creating the account', async () => {
      await provider.queueProfiles(
        { id: 101, login: 'octo', name: 'Octo Cat', avatar_url: 'https://avatars.example/101', email: null },
        [
          { email: 'octo-old@example.com', primary: false, verified: true },
          { email: 'octo@example.com', primary: true, verified: true },
        ],
      );
      const agent = t.newAgent();
      expect((await runFlow(agent, 'github')).toString()).toBe(SUCCESS);
      expect(await accountOf(agent)).toMatchObject({
        email: 'octo@example.com',
        name: 'Octo Cat',
        emailVerification: true,
      });
    });

    it('keys the identity by provider user id: a changed e-mail still reaches the same account', async () => {
      await provider.queueProfiles({ id: 102, login: 'moves', name: 'Mover' }, [
        { email: 'mover@example.com', primary: true, verified: true },
      ]);
      const first = t.newAgent();
      await runFlow(first, 'github');
      const { $id } = await accountOf(first);
      await provider.queueProfiles({ id: 102, login: 'moves', name: 'Mover' }, [
        { email: 'mover-new@example.com', primary: true, verified: true },
      ]);
      const second = t.newAgent();
      expect((await runFlow(second, 'github')).toString()).toBe(SUCCESS);
      expect(await accountOf(second)).toMatchObject({ $id, email: 'mover@example.com' });
    });

    it('does not sign in with an unverified e-mail', async () => {
      await provider.queueProfiles({ id: 103, login: 'ghost', email: 'ghost@example.com' }, [
        { email: 'ghost@example.com', primary: true, verified: false },
      ]);
      const agent = t.newAgent();
      const failure = await runFlow(agent, 'github');
      expect(`${failure.origin}${failure.pathname}`).toBe(FAILURE);
      expect(failure.searchParams.get('reason')).toBe('email_unverified');
      expect(failure.searchParams.get('provider')).toBe('github');
      await agent.get('/v1/account').expect(401);
    });
  });

  describe('Discord', () => {
    it('signs in and links to the existing account of a verified e-mail', async () => {
      const magic = await signInByMagicLink(t, 'raider@example.com');
      await provider.queueProfiles({
        id: '202',
        username: 'raider',
        global_name: 'Raider',
        avatar: 'abc',
        email: 'raider@example.com',
        verified: true,
      });
      const agent = t.newAgent();
      expect((await runFlow(agent, 'discord')).toString()).toBe(SUCCESS);
      expect(await accountOf(agent)).toMatchObject({ $id: magic.userId, email: 'raider@example.com' });
      const identities = await t.orm.em
        .fork()
        .find(UserIdentity, { provider: 'discord', providerUserId: '202' });
      expect(identities.map((identity) => identity.userId)).toEqual([magic.userId]);
    });

    it('never links an unverified e-mail to someone else’s account', async () => {
      const victim = await signIn(t, { email: 'victim@example.com' });
      await provider.queueProfiles({
        id: '203',
        username: 'attacker',
        email: 'victim@example.com',
        verified: false,
      });
      const agent = t.newAgent();
      const failure = await runFlow(agent, 'discord');
      expect(failure.searchParams.get('reason')).toBe('email_unverified');
      await agent.get('/v1/account').expect(401);
      expect(await t.orm.em.fork().count(UserIdentity, { userId: victim.user.id })).toBe(0);
    });
  });

  describe('Google', () => {
    it('signs in with a verified e-mail', async () => {
      await provider.queueProfiles({ sub: '303', email: 'g@example.com', email_verified: true, name: 'Gee' });
      const agent = t.newAgent();
      expect((await runFlow(agent, 'google')).toString()).toBe(SUCCESS);
      expect(await accountOf(agent)).toMatchObject({ email: 'g@example.com', name: 'Gee' });
    });
  });

  describe('state', () => {
    it('refuses a changed state: no session, failure page with the reason', async () => {
      const agent = t.newAgent();
      const failure = await runFlow(agent, 'github', { changeState: (state) => `${state.slice(0, -1)}x` });
      expect(`${failure.origin}${failure.pathname}`).toBe(FAILURE);
      expect(failure.searchParams.get('reason')).toBe('state_mismatch');
      await agent.get('/v1/account').expect(401);
    });

    it('refuses a missing state', async () => {
      const agent = t.newAgent();
      const failure = await runFlow(agent, 'discord', { changeState: () => null });
      expect(failure.searchParams.get('reason')).toBe('state_mismatch');
      await agent.get('/v1/account').expect(401);
    });

    it('refuses a callback opened in another browser (no state cookie)', async () => {
      const starter = t.newAgent();
      const start = await starter.get('/v1/account/sessions/oauth2/github').expect(302);
      const authorized = await fetch(start.headers.location!, { redirect: 'manual' });
      const callback = new URL(authorized.headers.get('location')!);
      const victim = t.newAgent();
      const done = await victim.get(`${callback.pathname}${callback.search}`).expect(302);
      expect(new URL(done.headers.location!).searchParams.get('reason')).toBe('state_mismatch');
      await victim.get('/v1/account').expect(401);
    });
  });

  describe('redirect URLs', () => {
    it.each([
      ['success', 'https://evil.example/ok'],
      ['failure', 'https://evil.example/failed'],
    ])('refuses a %s URL outside the allowed origins with 400', async (name, url) => {
      const res = await t.http
        .get(`/v1/account/sessions/oauth2/github?${name}=${encodeURIComponent(url)}`)
        .expect(400);
      expect(res.body).toEqual({
        message: `Invalid \`${name}\` param: URL origin must be one of: http://localhost:3000, http://127.0.0.1:3000, http://[::1]:3000`,
        code: 400,
        type: 'general_argument_invalid',
      });
    });

    it('refuses an unknown provider with 400', async () => {
      const res = await t.http.get('/v1/account/sessions/oauth2/myspace').expect(400);
      expect(res.body.message).toBe(
        'Invalid `provider` param: Value must be one of (discord, google, github)',
      );
    });

    it('sends a cancelled sign-in to the failure URL', async () => {
      const agent = t.newAgent();
      await agent.get('/v1/account/sessions/oauth2/discord').expect(302);
      const res = await agent
        .get('/v1/account/sessions/oauth2/callback/discord?error=access_denied')
        .expect(302);
      expect(new URL(res.headers.location!).searchParams.get('reason')).toBe('access_denied');
    });
  });
});

describe('OAuth with no provider configured', () => {
  it('redirects to the failure URL with reason provider_not_configured', async () => {
    const t = await createTestApp();
    try {
      const res = await t.http
        .get(`/v1/account/sessions/oauth2/google?failure=${encodeURIComponent(FAILURE)}`)
        .expect(302);
      expect(res.headers.location).toBe(`${FAILURE}?reason=provider_not_configured&provider=google`);
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
