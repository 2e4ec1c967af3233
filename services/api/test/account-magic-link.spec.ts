import { DEMO_USER_ID } from '@outpost/contracts';
import { IDENTITY_ERRORS } from '../src/modules/identity/identity.errors';
import {
  advanceClock,
  createTestApp,
  lastMailTo,
  magicLinkIn,
  nextIp,
  readOutbox,
  signInByMagicLink,
  type TestApp,
} from './support';

const LINK_URL = 'http://localhost:3000/auth/magic-link';

const argument = (message: string) => ({ message, code: 400, type: 'general_argument_invalid' });

describe('e-mail sign-in (/v1, Appwrite Account API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());
  afterEach(() => jest.useRealTimers());

  const askLink = (body: object, ip = nextIp()) =>
    t.http.post('/v1/account/tokens/magic-url').set('X-Forwarded-For', ip).send(body);
  const useLink = (body: object, ip = nextIp(), agent = t.newAgent()) =>
    agent.post('/v1/account/sessions/token').set('X-Forwarded-For', ip).send(body);

  describe('POST /v1/account/tokens/magic-url', () => {
    it('mails a link to the given url with userId and secret, answering an Appwrite token', async () => {
      const res = await askLink({ userId: 'unique()', email: 'new@example.com', url: LINK_URL }).expect(201);
      expect(res.body).toEqual({
        $id: expect.any(String),
        $createdAt: expect.any(String),
        userId: expect.stringMatching(/^[0-9a-f]{20}$/),
        secret: '',
        expire: expect.any(String),
        phrase: '',
      });
      const expiresIn = Date.parse(res.body.expire) - Date.parse(res.body.$createdAt);
      expect(expiresIn).toBe(15 * 60 * 1000);
      const mail = lastMailTo(t, 'new@example.com');
      expect(mail.subject).toBe('Sign in to Outpost');
      const link = magicLinkIn(mail.text);
      expect(`${link.url.origin}${link.url.pathname}`).toBe(LINK_URL);
      expect(link.secret).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
      expect(mail.html).toContain('Sign in to Outpost');
    });

    it('answers the same for a known and an unknown e-mail', async () => {
      await signInByMagicLink(t, 'known@example.com');
      const known = await askLink({ userId: 'abc123', email: 'known@example.com', url: LINK_URL }).expect(
        201,
      );
      const unknown = await askLink({ userId: 'abc123', email: 'nobody@example.com', url: LINK_URL }).expect(
        201,
      );
      const shape = (body: Record<string, unknown>) => ({ ...body, $id: 'x', $createdAt: 'x', expire: 'x' });
      expect(shape(known.body)).toEqual(shape(unknown.body));
      expect(known.body.userId).toBe('abc123');
    });

    it('refuses a url outside the allowed origins', async () => {
      for (const url of ['https://evil.example/auth/magic-link', 'javascript:alert(1)', 'not a url']) {
        const res = await askLink({ userId: 'unique()', email: 'a@example.com', url }).expect(400);
        expect(res.body).toEqual(
          argument(
            `Invalid \`url\` param: URL origin must be one of: http://localhost:3000, http://127.0.0.1:3000, http://[::1]:3000`,
          ),
        );
      }
      expect(readOutbox(t).filter((m) => m.to === 'a@example.com')).toEqual([]);
    });

    it('takes the panel opened at 127.0.0.1 or [::1] as the localhost one (same scheme and port)', async () => {
      for (const [index, origin] of ['http://127.0.0.1:3000', 'http://[::1]:3000'].entries()) {
        const email = `loopback-${index}@example.com`;
        await askLink({ userId: 'unique()', email, url: `${origin}/auth/magic-link` }).expect(201);
        const link = magicLinkIn(lastMailTo(t, email).text);
        expect(link.url.origin).toBe(origin);
        await useLink({ userId: link.userId, secret: link.secret }).expect(201);
      }
      for (const url of ['http://127.0.0.1:3001/auth/magic-link', 'https://127.0.0.1:3000/auth/magic-link'])
        await askLink({ userId: 'unique()', email: 'other-port@example.com', url }).expect(400);
    });

    it.each([
      [{ email: 'a@example.com', url: LINK_URL }, 'Param "userId" is not optional.'],
      [{ userId: 'unique()', url: LINK_URL }, 'Param "email" is not optional.'],
      [{ userId: 'unique()', email: 'a@example.com' }, 'Param "url" is not optional.'],
      [
        { userId: 'unique()', email: 'not-an-email', url: LINK_URL },
        'Invalid `email` param: Value must be a valid email address',
      ],
      [
        { userId: '_bad', email: 'a@example.com', url: LINK_URL },
        "Invalid `userId` param: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
      ],
      [
        { userId: 'unique()', email: 42, url: LINK_URL },
        'Invalid `email` param: Value must be a valid string and at least 1 chars and no longer than 256 chars',
      ],
    ])('answers 400 to %j', async (body, message) => {
      expect((await askLink(body).expect(400)).body).toEqual(argument(message));
    });

    it('limits links per e-mail (5 per 15 minutes) with 429 and Retry-After', async () => {
      const body = { userId: 'unique()', email: 'spam@example.com', url: LINK_URL };
      for (let i = 0; i < 5; i += 1) await askLink(body).expect(201);
      const res = await askLink(body).expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).toEqual({
        message: 'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
        code: 429,
        type: 'general_rate_limit_exceeded',
      });
      expect(readOutbox(t).filter((m) => m.to === 'spam@example.com')).toHaveLength(5);
    });

    it('limits links per IP (20 per 15 minutes)', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i += 1)
        await askLink({ userId: 'unique()', email: `ip${i}@example.com`, url: LINK_URL }, ip).expect(201);
      const res = await askLink(
        { userId: 'unique()', email: 'ip-last@example.com', url: LINK_URL },
        ip,
      ).expect(429);
      expect(res.headers['retry-after']).toBeDefined();
      await askLink({ userId: 'unique()', email: 'ip-last@example.com', url: LINK_URL }).expect(201);
    });

    it('never stores the secret in clear', async () => {
      await askLink({ userId: 'unique()', email: 'stored@example.com', url: LINK_URL }).expect(201);
      const { secret } = magicLinkIn(lastMailTo(t, 'stored@example.com').text);
      const rows = await t.orm.em.getConnection().execute('select * from magic_tokens');
      expect(JSON.stringify(rows)).not.toContain(secret);
      expect(rows.length).toBeGreaterThan(0);
    });
  });

  describe('POST /v1/account/sessions/token', () => {
    const freshLink = async (email: string) => {
      await askLink({ userId: 'unique()', email, url: LINK_URL }).expect(201);
      return magicLinkIn(lastMailTo(t, email).text);
    };

    it('signs in with an httpOnly, SameSite=Lax session cookie and verifies the e-mail', async () => {
      const { userId, secret } = await freshLink('first@example.com');
      const agent = t.newAgent();
      const res = await useLink({ userId, secret }, nextIp(), agent).expect(201);
      expect(res.body).toMatchObject({ userId, provider: 'magic-url', current: true, secret: '' });
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
        c.startsWith('a_session_outpost='),
      );
      expect(cookie).toMatch(/^a_session_outpost=[\w-]{43}; /);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/; Secure/);
      const account = await agent.get('/v1/account').expect(200);
      expect(account.body).toMatchObject({
        $id: userId,
        email: 'first@example.com',
        emailVerification: true,
      });
    });

    it('marks the cookie Secure behind https', async () => {
      const { userId, secret } = await freshLink('secure@example.com');
      const res = await useLink({ userId, secret }).set('X-Forwarded-Proto', 'https').expect(201);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    });

    it('works once: the second use answers 401', async () => {
      const { userId, secret } = await freshLink('once@example.com');
      await useLink({ userId, secret }).expect(201);
      const res = await useLink({ userId, secret }).expect(401);
      expect(res.body).toEqual({
        message: 'Invalid token passed in the request.',
        code: 401,
        type: 'user_invalid_token',
      });
    });

    it('expires after 15 minutes', async () => {
      const { userId, secret } = await freshLink('late@example.com');
      advanceClock(15 * 60 * 1000 + 1000);
      await useLink({ userId, secret }).expect(401);
    });

    it('still works just before it expires', async () => {
      const { userId, secret } = await freshLink('intime@example.com');
      advanceClock(14 * 60 * 1000);
      await useLink({ userId, secret }).expect(201);
    });

    it('refuses a wrong secret or the secret with another userId', async () => {
      const { userId, secret } = await freshLink('wrong@example.com');
      await useLink({ userId, secret: `${secret}x` }).expect(401);
      await useLink({ userId: 'someoneelse', secret }).expect(401);
      await useLink({ userId, secret }).expect(201);
    });

    it('gives a new session id and cookie at every sign-in', async () => {
      const first = await signInByMagicLink(t, 'twice@example.com');
      const second = await signInByMagicLink(t, 'twice@example.com');
      expect(first.userId).toBe(second.userId);
      expect(first.session.$id).not.toBe(second.session.$id);
      await first.agent.get('/v1/account').expect(200);
      await second.agent.get('/v1/account').expect(200);
    });

    it.each([
      [{ secret: 'x' }, 'Param "userId" is not optional.'],
      [{ userId: 'abc' }, 'Param "secret" is not optional.'],
    ])('answers 400 to %j', async (body, message) => {
      expect((await useLink(body).expect(400)).body).toEqual(argument(message));
    });

    it('limits attempts per user (10 per 15 minutes)', async () => {
      for (let i = 0; i < 10; i += 1) await useLink({ userId: 'target', secret: `guess${i}` }).expect(401);
      const res = await useLink({ userId: 'target', secret: 'guess' }).expect(429);
      expect(res.headers['retry-after']).toBeDefined();
    });

    it('limits attempts per IP (20 per 15 minutes)', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i += 1) await useLink({ userId: `user${i}`, secret: 'guess' }, ip).expect(401);
      await useLink({ userId: 'user-last', secret: 'guess' }, ip).expect(429);
    });
  });

  describe('GET /v1/account', () => {
    it('answers 401 in Appwrite’s shape without a session', async () => {
      const res = await t.http.get('/v1/account').expect(401);
      expect(res.body).toEqual({
        message: IDENTITY_ERRORS.missingScope.message,
        code: 401,
        type: 'general_unauthorized_scope',
      });
    });

    it('answers the account for the session cookie or an X-Appwrite-JWT', async () => {
      const { agent, userId } = await signInByMagicLink(t, 'account@example.com');
      const res = await agent.get('/v1/account').expect(200);
      expect(res.body).toEqual(
        expect.objectContaining({
          $id: userId,
          name: '',
          email: 'account@example.com',
          emailVerification: true,
          status: true,
          prefs: {},
        }),
      );
      const { jwt } = (await agent.post('/v1/account/jwts').expect(201)).body as { jwt: string };
      const byJwt = await t.http.get('/v1/account').set('X-Appwrite-JWT', jwt).expect(200);
      expect(byJwt.body.$id).toBe(userId);
    });

    it('refuses a made-up cookie', async () => {
      await t.http.get('/v1/account').set('Cookie', 'a_session_outpost=made-up').expect(401);
    });
  });

  describe('POST /v1/account/jwts', () => {
    it('creates a 15-minute JWT that the product API accepts', async () => {
      const { agent, userId } = await signInByMagicLink(t, 'jwt@example.com');
      const res = await agent.post('/v1/account/jwts').expect(201);
      expect(Object.keys(res.body)).toEqual(['jwt']);
      const [, payload] = (res.body.jwt as string).split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
        exp: number;
        iat: number;
      };
      expect(claims.exp - claims.iat).toBe(15 * 60);
      const me = await t.api.get('/api/users/me').set('Authorization', `Bearer ${res.body.jwt}`).expect(200);
      expect(me.body.data.$id).toBe(userId);
      const [row] = await t.orm.em
        .getConnection()
        .execute('select last_seen_at from users where id = ?', [userId]);
      expect(row?.last_seen_at).toBeTruthy();
    });

    it('needs the session cookie: a JWT cannot mint another', async () => {
      const { agent } = await signInByMagicLink(t, 'jwt2@example.com');
      const { jwt } = (await agent.post('/v1/account/jwts').expect(201)).body as { jwt: string };
      await t.http.post('/v1/account/jwts').set('X-Appwrite-JWT', jwt).expect(401);
      await t.http.post('/v1/account/jwts').set('Authorization', `Bearer ${jwt}`).expect(401);
    });
  });

  describe('DELETE /v1/account/sessions/current', () => {
    it('ends the session: 204 without a body, cookie and JWTs refused afterwards', async () => {
      const { agent, cookie } = await signInByMagicLink(t, 'logout@example.com');
      const { jwt } = (await agent.post('/v1/account/jwts').expect(201)).body as { jwt: string };
      await t.http.get('/v1/account').set('Cookie', cookie).expect(200);
      const res = await agent.delete('/v1/account/sessions/current').expect(204);
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.text).toBe('');
      expect(String(res.headers['set-cookie'])).toMatch(/a_session_outpost=;/);
      await agent.get('/v1/account').expect(401);
      await t.http.get('/v1/account').set('Cookie', cookie).expect(401);
      await t.api.get('/api/users/me').set('Authorization', `Bearer ${jwt}`).expect(401);
    });

    it('answers 401 without a session', async () => {
      await t.http.delete('/v1/account/sessions/current').expect(401);
    });
  });

  describe('POST /v1/account/sessions/demo', () => {
    it('signs in the fixed demo user, whose writes on /api are refused', async () => {
      const agent = t.newAgent();
      const res = await agent.post('/v1/account/sessions/demo').expect(201);
      expect(res.body).toMatchObject({ userId: DEMO_USER_ID, provider: 'demo' });
      const account = await agent.get('/v1/account').expect(200);
      expect(account.body).toMatchObject({ $id: DEMO_USER_ID, emailVerification: true, name: 'Demo User' });
      const { jwt } = (await agent.post('/v1/account/jwts').expect(201)).body as { jwt: string };
      await t.api.get('/api/users/me').set('Authorization', `Bearer ${jwt}`).expect(200);
      const write = await t.api
        .patch('/api/users/me')
        .set('Authorization', `Bearer ${jwt}`)
        .send({ name: 'Hacker' })
        .expect(403);
      expect(write.body).toEqual({ success: false, error: 'The demo is read-only', code: 'DEMO_READ_ONLY' });
    });
  });

  describe('cross-origin calls', () => {
    it('allow credentials from the panel origin and expose X-Fallback-Cookies', async () => {
      const preflight = await t.http
        .options('/v1/account/sessions/token')
        .set('Origin', 'http://localhost:3000')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type,x-appwrite-project')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      const res = await t.http.get('/v1/account').set('Origin', 'http://localhost:3000').expect(401);
      expect(res.headers['access-control-expose-headers']).toContain('X-Fallback-Cookies');
      const foreign = await t.http.get('/v1/account').set('Origin', 'https://evil.example');
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});

describe('demo mode off', () => {
  it('POST /v1/account/sessions/demo answers 404', async () => {
    const t = await createTestApp({ env: { DEMO: 'false' } });
    try {
      const res = await t.http.post('/v1/account/sessions/demo').expect(404);
      expect(res.body).toEqual({
        message: 'Demo mode is turned off on this panel',
        code: 404,
        type: 'general_route_not_found',
      });
    } finally {
      await t.close();
    }
  });
});
