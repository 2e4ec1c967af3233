import { UPGRADE_BY_OPERATOR_MESSAGE } from '@outpost/contracts';
import { createTestApp, signIn, signInDemo, type SignedIn, type TestApp } from './support';

const UNAUTHORIZED = { success: false, error: 'Authentication required', code: 'UNAUTHORIZED' };
const invalid = (error: string, field = 'username') => ({
  success: false,
  error,
  code: 'VALIDATION_FAILED',
  details: [{ field, message: error }],
});

describe('users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setPlan = (email: string, plan: 'free' | 'premium') =>
    t.orm.em.fork().getConnection().execute('update users set plan = ? where email = ?', [plan, email]);

  describe('POST /api/users/check-username', () => {
    let me: SignedIn;
    beforeAll(async () => {
      me = await signIn(t, { email: 'checker@example.com' });
      const other = await signIn(t, { email: 'taken@example.com' });
      await other.agent.put('/api/users/me/username').send({ username: 'Raider_1' }).expect(200);
    });

    it.each([
      ['fresh_name', { available: true }],
      ['raider_1', { available: false, reason: 'taken', message: 'This username is already taken' }],
      ['RAIDER_1', { available: false, reason: 'taken', message: 'This username is already taken' }],
      ['Admin', { available: false, reason: 'reserved', message: 'This username is reserved' }],
      ['ab', { available: false, reason: 'invalid', message: 'Username must be at least 3 characters' }],
      [
        'a'.repeat(21),
        { available: false, reason: 'invalid', message: 'Username must be 20 characters or less' },
      ],
      [
        'bad-name!',
        {
          available: false,
          reason: 'invalid',
          message: 'Username can only contain letters, numbers and underscores',
        },
      ],
    ])('%s → %j', async (username, answer) => {
      const res = await me.agent.post('/api/users/check-username').send({ username }).expect(200);
      expect(res.body).toEqual({ success: true, data: answer });
    });

    it('says your own username is available to you', async () => {
      const owner = await signIn(t, { email: 'owner-name@example.com' });
      await owner.agent.put('/api/users/me/username').send({ username: 'Keeper' }).expect(200);
      const res = await owner.agent
        .post('/api/users/check-username')
        .send({ username: 'keeper' })
        .expect(200);
      expect(res.body.data).toEqual({ available: true });
    });

    it('answers 400 without a username', async () => {
      const res = await me.agent.post('/api/users/check-username').send({}).expect(400);
      expect(res.body).toEqual(invalid('Username is required'));
    });

    it('answers 401 without a token', async () => {
      expect(
        (await t.api.post('/api/users/check-username').send({ username: 'x' }).expect(401)).body,
      ).toEqual(UNAUTHORIZED);
    });
  });

  describe('GET /api/users/me', () => {
    it('answers the profile', async () => {
      const me = await signIn(t, { email: 'profile@example.com', name: 'Pro File' });
      const res = await me.agent.get('/api/users/me').expect(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          $id: me.user.id,
          email: 'profile@example.com',
          name: 'Pro File',
          emailVerification: true,
          username: null,
          avatar: null,
          isUpgraded: false,
          plan: 'free',
        },
      });
    });

    it('shows an upgraded plan', async () => {
      const me = await signIn(t, { email: 'rich@example.com' });
      await setPlan('rich@example.com', 'premium');
      expect((await me.agent.get('/api/users/me').expect(200)).body.data).toMatchObject({
        isUpgraded: true,
        plan: 'premium',
      });
    });

    it('answers 401 without a token or with a bad one', async () => {
      await t.api.get('/api/users/me').expect(401);
      await t.api.get('/api/users/me').set('Authorization', 'Bearer nope').expect(401);
    });

    it('answers the demo user', async () => {
      const demo = await signInDemo(t);
      expect((await demo.agent.get('/api/users/me').expect(200)).body.data).toMatchObject({
        $id: 'demo-user-id',
        emailVerification: true,
      });
    });
  });

  describe('PATCH /api/users/me', () => {
    it('changes name, avatar and username', async () => {
      const me = await signIn(t);
      const res = await me.agent
        .patch('/api/users/me')
        .send({ name: '  New Name ', avatar: 'https://img.example/me.png', username: 'new_name' })
        .expect(200);
      expect(res.body.data).toMatchObject({
        name: 'New Name',
        avatar: 'https://img.example/me.png',
        username: 'new_name',
      });
      expect((await me.agent.get('/api/users/me').expect(200)).body.data.name).toBe('New Name');
    });

    it.each([
      [{}, 'Send at least one of name, avatar or username', ''],
      [{ name: '' }, 'Name must be text of 1 to 100 characters', 'name'],
      [{ name: 'Escape\u001b[31mRed' }, 'Names must not contain control characters', 'name'],
      [
        { avatar: 'javascript:alert(1)' },
        'Avatar must be an http(s) URL of 2048 characters or less',
        'avatar',
      ],
      [{ username: 'x' }, 'Username must be at least 3 characters', 'username'],
      [{ email: 'other@example.com' }, 'Unknown field "email"', 'email'],
    ])('answers 400 to %j', async (body, error, field) => {
      const me = await signIn(t);
      const res = await me.agent.patch('/api/users/me').send(body).expect(400);
      expect(res.body).toMatchObject({ success: false, error, code: 'VALIDATION_FAILED' });
      if (field) expect(res.body.details).toContainEqual({ field, message: error });
    });

    it('answers 409 for a username taken in another case', async () => {
      const first = await signIn(t);
      await first.agent.patch('/api/users/me').send({ username: 'Unique_One' }).expect(200);
      const second = await signIn(t);
      const res = await second.agent.patch('/api/users/me').send({ username: 'unique_one' }).expect(409);
      expect(res.body).toEqual({ success: false, error: 'This username is already taken', code: 'CONFLICT' });
    });

    it('is refused to the demo user', async () => {
      const demo = await signInDemo(t);
      const res = await demo.agent.patch('/api/users/me').send({ name: 'x' }).expect(403);
      expect(res.body.error).toBe('The demo is read-only');
    });

    it('answers 401 without a token', async () => {
      await t.api.patch('/api/users/me').send({ name: 'x' }).expect(401);
    });
  });

  describe.each(['put', 'patch'] as const)('%s /api/users/me/username', (method) => {
    it('sets the username', async () => {
      const me = await signIn(t);
      const res = await me.agent[method]('/api/users/me/username')
        .send({ username: `set_${method}` })
        .expect(200);
      expect(res.body.data.username).toBe(`set_${method}`);
    });

    it('makes the username the name of a user who has none (the guard then lets them in)', async () => {
      const me = await signIn(t, { name: '' });
      const res = await me.agent[method]('/api/users/me/username')
        .send({ username: `named_${method}` })
        .expect(200);
      expect(res.body.data.name).toBe(`named_${method}`);
      const named = await signIn(t, { name: 'Rusty' });
      const kept = await named.agent[method]('/api/users/me/username')
        .send({ username: `kept_${method}` })
        .expect(200);
      expect(kept.body.data.name).toBe('Rusty');
    });

    it('answers 400 to a reserved name', async () => {
      const me = await signIn(t);
      const res = await me.agent[method]('/api/users/me/username').send({ username: 'support' }).expect(400);
      expect(res.body).toEqual(invalid('This username is reserved'));
    });

    it('answers 401 without a token', async () => {
      await t.api[method]('/api/users/me/username').send({ username: 'whoever' }).expect(401);
    });
  });

  describe('POST /api/users/me/plan/upgrade', () => {
    it('says upgrades are handled by the operator, and how (no payment provider)', async () => {
      const me = await signIn(t);
      const res = await me.agent.post('/api/users/me/plan/upgrade').expect(409);
      expect(res.body).toEqual({
        success: false,
        error: UPGRADE_BY_OPERATOR_MESSAGE,
        code: 'CONFLICT',
      });
    });

    it('answers 401 without a token', async () => {
      await t.api.post('/api/users/me/plan/upgrade').expect(401);
    });
  });

  describe('GET /api/users/me/sessions', () => {
    it('lists my active sessions with the current one marked', async () => {
      const me = await signIn(t, { email: 'sessions@example.com' });
      const again = await signIn(t, { email: 'sessions@example.com' });
      const res = await me.agent.get('/api/users/me/sessions').expect(200);
      const sessions = res.body.data as { id: string; current: boolean; provider: string }[];
      expect(sessions.map((s) => s.id).sort()).toEqual([me.sessionId, again.sessionId].sort());
      expect(sessions.find((s) => s.id === me.sessionId)).toMatchObject({
        current: true,
        provider: 'magic-url',
      });
      expect(sessions.find((s) => s.id === again.sessionId)?.current).toBe(false);
      expect(JSON.stringify(sessions)).not.toMatch(/secret/i);
    });

    it("shows a demo visitor only their own browser, never another visitor's address or browser", async () => {
      const first = await signInDemo(t);
      const second = await signInDemo(t);
      const res = await second.agent.get('/api/users/me/sessions').expect(200);
      const sessions = res.body.data as { id: string; current: boolean }[];
      expect(sessions.map(({ id, current }) => ({ id, current }))).toEqual([
        { id: second.sessionId, current: true },
      ]);
      expect(sessions.map(({ id }) => id)).not.toContain(first.sessionId);
    });

    it('answers 401 without a token', async () => {
      await t.api.get('/api/users/me/sessions').expect(401);
    });
  });

  describe('DELETE /api/users/me/sessions/:id', () => {
    it('ends one of my sessions: its JWT stops working', async () => {
      const me = await signIn(t, { email: 'ender@example.com' });
      const other = await signIn(t, { email: 'ender@example.com' });
      await me.agent.delete(`/api/users/me/sessions/${other.sessionId}`).expect(200);
      await other.agent.get('/api/users/me').expect(401);
      await me.agent.get('/api/users/me').expect(200);
    });

    it('answers 404 for a session of someone else, and it keeps working', async () => {
      const me = await signIn(t);
      const stranger = await signIn(t);
      const res = await me.agent.delete(`/api/users/me/sessions/${stranger.sessionId}`).expect(404);
      expect(res.body).toEqual({ success: false, error: 'Session not found', code: 'NOT_FOUND' });
      await stranger.agent.get('/api/users/me').expect(200);
    });

    it('is refused to the demo user and without a token', async () => {
      const demo = await signInDemo(t);
      await demo.agent.delete(`/api/users/me/sessions/${demo.sessionId}`).expect(403);
      await t.api.delete(`/api/users/me/sessions/${demo.sessionId}`).expect(401);
    });
  });
});
