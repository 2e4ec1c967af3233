import { Controller, Delete, Get, Module, Patch, Post, Put } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { DEMO_READ_ONLY_MESSAGE, DEMO_USER_ID } from '@outpost/contracts';
import { Authenticated, CurrentUser, type AuthUser } from '../src/core/auth';
import { JwtTokensService } from '../src/modules/identity/jwt-tokens.service';
import { Session } from '../src/modules/identity/session.entity';
import { SessionsService } from '../src/modules/identity/sessions.service';
import { advanceClock, createTestApp, signIn, signInDemo, type TestApp } from './support';

@Authenticated()
@Controller('api/guard-fixture')
class GuardFixtureController {
  @Get()
  who(@CurrentUser() user: AuthUser) {
    return { ...user, memberships: Object.fromEntries(user.memberships ?? []) };
  }

  @Post()
  create() {
    return { written: true };
  }

  @Put()
  replace() {
    return { written: true };
  }

  @Patch()
  update() {
    return { written: true };
  }

  @Delete()
  remove() {
    return { written: true };
  }
}

@Module({ controllers: [GuardFixtureController] })
class GuardFixtureModule {}

const UNAUTHORIZED = { success: false, error: 'Authentication required', code: 'UNAUTHORIZED' };

const base64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with `secret` (HS256), or unsigned with alg none. */
const forge = (payload: object, secret: string | null): string => {
  const header = base64url({ alg: secret ? 'HS256' : 'none', typ: 'JWT' });
  const body = base64url(payload);
  if (!secret) return `${header}.${body}.`;
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
};

describe('the global AccessGuard (bearer JWT of an active session)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [GuardFixtureModule] });
  });
  afterAll(() => t.close());
  afterEach(() => jest.useRealTimers());

  const bearer = (token: string) => t.api.get('/api/guard-fixture').set('Authorization', `Bearer ${token}`);

  it('puts the signed-in user on the request, with the networks they belong to', async () => {
    const me = await signIn(t, { email: 'guard@example.com', name: 'Guard' });
    const res = await me.agent.get('/api/guard-fixture').expect(200);
    expect(res.body.data).toEqual({
      id: me.user.id,
      email: 'guard@example.com',
      name: 'Guard',
      isDemo: false,
      sessionId: me.sessionId,
      memberships: {},
    });
    const network = (await me.agent.post('/api/networks').send({ name: 'Guarded' }).expect(201)).body
      .data as {
      id: string;
    };
    const after = await me.agent.get('/api/guard-fixture').expect(200);
    expect(after.body.data.memberships).toEqual({ [network.id]: { id: expect.any(String), role: 'owner' } });
  });

  it('answers 401 without a token', async () => {
    const res = await t.api.get('/api/guard-fixture').expect(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('answers 401 to garbage, a tampered token and a token signed with another secret', async () => {
    const me = await signIn(t);
    const [header, payload, signature] = me.jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${base64url({ ...claims, sub: DEMO_USER_ID })}.${signature}`;
    for (const token of ['not-a-jwt', tampered, forge(claims, 'another-secret-another-secret-123')])
      expect((await bearer(token).expect(401)).body).toEqual(UNAUTHORIZED);
  });

  it('refuses alg none, even with valid claims', async () => {
    const me = await signIn(t);
    const claims = JSON.parse(Buffer.from(me.jwt.split('.')[1]!, 'base64url').toString()) as object;
    await bearer(forge(claims, null)).expect(401);
  });

  it('refuses a token signed with the right secret but no session behind it', async () => {
    const me = await signIn(t);
    const { secret } = t.app.get(JwtTokensService);
    const claims = JSON.parse(Buffer.from(me.jwt.split('.')[1]!, 'base64url').toString()) as object;
    await bearer(forge({ ...claims, sid: 'no-such-session' }, secret)).expect(401);
    await bearer(forge(claims, secret)).expect(200);
  });

  it('refuses an expired token (after 15 minutes)', async () => {
    const me = await signIn(t);
    await bearer(me.jwt).expect(200);
    advanceClock(15 * 60 * 1000 + 1000);
    await bearer(me.jwt).expect(401);
  });

  it('refuses the JWT of an ended session', async () => {
    const me = await signIn(t);
    await bearer(me.jwt).expect(200);
    expect(await t.orm.em.fork().getRepository('Session').count()).toBeGreaterThan(0);
    const ended = await t.app.get(SessionsService).end(me.user.id, me.sessionId);
    expect(ended).toBe(true);
    expect((await bearer(me.jwt).expect(401)).body).toEqual(UNAUTHORIZED);
  });

  it('refuses the JWT of a session that ran out, while the token itself is still valid', async () => {
    const me = await signIn(t);
    await bearer(me.jwt).expect(200);
    await t.orm.em
      .fork()
      .nativeUpdate(Session, { id: me.sessionId }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await bearer(me.jwt).expect(401)).body).toEqual(UNAUTHORIZED);
  });

  describe('demo user', () => {
    it('reads', async () => {
      const demo = await signInDemo(t);
      const res = await demo.agent.get('/api/guard-fixture').expect(200);
      expect(res.body.data).toMatchObject({ id: DEMO_USER_ID, isDemo: true });
    });

    it.each(['post', 'put', 'patch', 'delete'] as const)('answers 403 to %s on /api', async (method) => {
      const demo = await signInDemo(t);
      const res = await demo.agent[method]('/api/guard-fixture').expect(403);
      expect(res.body).toEqual({ success: false, error: DEMO_READ_ONLY_MESSAGE, code: 'DEMO_READ_ONLY' });
    });

    it('answers 403 to a write on an API path written in another case (Express routes it all the same)', async () => {
      const demo = await signInDemo(t);
      const res = await demo.agent.post('/API/Guard-Fixture').expect(403);
      expect(res.body).toEqual({ success: false, error: DEMO_READ_ONLY_MESSAGE, code: 'DEMO_READ_ONLY' });
    });

    it('while other users write', async () => {
      const me = await signIn(t);
      expect((await me.agent.post('/api/guard-fixture').expect(201)).body.data).toEqual({ written: true });
    });
  });
});
