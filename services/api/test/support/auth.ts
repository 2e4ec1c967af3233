import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { JwtTokensService } from '../../src/modules/identity/jwt-tokens.service';
import { SessionsService } from '../../src/modules/identity/sessions.service';
import type { SessionProvider } from '../../src/modules/identity/session.entity';
import { UsersService } from '../../src/modules/users/users.service';
import { magicLinkIn, readOutbox } from './mail';
import type { TestApp } from './test-app';

export type SignedIn = {
  user: { id: string; email: string; name: string };
  /** The session the JWT is bound to (end it to test "JWT of an ended session"). */
  sessionId: string;
  jwt: string;
  /** Sends X-API-Key and Authorization: Bearer <jwt> on every request (and keeps cookies). */
  agent: ReturnType<typeof request.agent>;
};

export type SignInOptions = { email?: string; name?: string };

let counter = 0;

/** Runs `work` in a fresh ORM context, as a request would. */
const inContext = <T>(t: TestApp, work: () => Promise<T>): Promise<T> =>
  RequestContext.create(t.orm.em, work);

const sessionFor = async (
  t: TestApp,
  userId: string,
  provider: SessionProvider,
): Promise<{ sessionId: string; jwt: string }> => {
  const { session } = await t.app.get(SessionsService).create(userId, { provider });
  return { sessionId: session.id, jwt: t.app.get(JwtTokensService).sign(userId, session.id) };
};

const bearerAgent = (t: TestApp, jwt: string) => t.newAgent().set('Authorization', `Bearer ${jwt}`);

/**
 * Signs a user in through the real services: finds or creates the user by e-mail (name
 * defaults to "Test User N"), opens a session and signs a JWT bound to it.
 */
export const signIn = (t: TestApp, options: SignInOptions = {}): Promise<SignedIn> =>
  inContext(t, async () => {
    counter += 1;
    const users = t.app.get(UsersService);
    const email = options.email ?? `user${counter}-${Date.now()}@example.com`;
    const user =
      (await users.findByEmail(email)) ??
      (await users.create(email, { name: options.name ?? `Test User ${counter}`, emailVerified: true }));
    const { sessionId, jwt } = await sessionFor(t, user.id, 'magic-url');
    return {
      user: { id: user.id, email: user.email, name: user.name },
      sessionId,
      jwt,
      agent: bearerAgent(t, jwt),
    };
  });

/** Signs the fixed demo user (id demo-user-id) in, as "View Live Demo" does. */
export const signInDemo = (t: TestApp): Promise<SignedIn> =>
  inContext(t, async () => {
    const user = await t.app.get(UsersService).ensureDemoUser();
    const { sessionId, jwt } = await sessionFor(t, user.id, 'demo');
    return {
      user: { id: user.id, email: user.email, name: user.name },
      sessionId,
      jwt,
      agent: bearerAgent(t, jwt),
    };
  });

let ipCounter = 0;
/** A distinct client address per call (the test apps trust X-Forwarded-For), so per-IP limits stay apart. */
export const nextIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/**
 * The whole e-mail sign-in, as a browser does it: asks for a link (outbox), opens it with a
 * fresh cookie-keeping agent (POST /v1/account/sessions/token). The agent then holds the session cookie.
 */
export const signInByMagicLink = async (t: TestApp, email: string) => {
  const agent = t.newAgent();
  await agent
    .post('/v1/account/tokens/magic-url')
    .set('X-Forwarded-For', nextIp())
    .send({ userId: 'unique()', email, url: `${t.config.publicUrl}/auth/magic-link` })
    .expect(201);
  const mail = readOutbox(t)
    .filter((m) => m.to === email)
    .at(-1);
  const { userId, secret } = magicLinkIn(mail?.text ?? '');
  const res = await agent
    .post('/v1/account/sessions/token')
    .set('X-Forwarded-For', nextIp())
    .send({ userId, secret })
    .expect(201);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.find((c) => c.startsWith('a_session_outpost='))?.split(';')[0] ?? '';
  return { agent, userId, cookie, session: res.body as { $id: string } };
};
