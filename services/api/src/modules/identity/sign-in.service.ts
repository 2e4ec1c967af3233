import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { InjectConfig, type AppConfig } from '../../core/config';
import { type User, UsersService } from '../users';
import { identityErrors } from './identity.errors';
import { JwtTokensService } from './jwt-tokens.service';
import { clearSessionCookie, readSessionSecret, setSessionCookie } from './session-cookie';
import type { Session } from './session.entity';
import { SessionsService, type SessionOrigin } from './sessions.service';

export const JWT_HEADER = 'x-appwrite-jwt';

export type Caller = { user: User; session: Session };

/** Opens and ends browser sessions, and finds who calls a /v1 route. */
@Injectable()
export class SignInService {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly tokens: JwtTokensService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** A new session (new secret, new cookie) for `user`: every sign-in rotates the cookie. */
  async start(
    request: Request,
    response: Response,
    user: User,
    origin: Omit<SessionOrigin, 'ip' | 'userAgent'>,
  ): Promise<Session> {
    const { session, secret } = await this.sessions.create(user.id, {
      ...origin,
      ip: request.ip,
      userAgent: request.get('user-agent'),
    });
    setSessionCookie(response, this.config, request, secret, session.expiresAt);
    return session;
  }

  /** The caller by session cookie, or (when `allowJwt`) by Appwrite's X-Appwrite-JWT header. */
  async caller(request: Request, { allowJwt }: { allowJwt: boolean }): Promise<Caller> {
    const session = await this.sessions.findBySecret(readSessionSecret(request));
    if (session) {
      const user = await this.users.findById(session.userId);
      if (user) return { user, session };
    }
    const jwt = allowJwt ? request.get(JWT_HEADER) : undefined;
    const claims = jwt ? this.tokens.verify(jwt) : null;
    if (claims) {
      const auth = await this.sessions.authUser(claims.sid, claims.sub);
      const [user, bound] = auth
        ? await Promise.all([this.users.findById(auth.id), this.sessions.findActiveById(auth.sessionId)])
        : [null, null];
      if (user && bound) return { user, session: bound };
    }
    throw identityErrors.missingScope();
  }

  /** A JWT for the session of the cookie (never for a JWT: a token cannot extend itself). */
  async createJwt(request: Request): Promise<string> {
    const { user, session } = await this.caller(request, { allowJwt: false });
    // The shell renews its JWT every few minutes while open: a cheap "last seen" for member lists.
    await this.users.markSeen(user);
    await this.sessions.touch(session);
    return this.tokens.sign(session.userId, session.id);
  }

  async end(request: Request, response: Response): Promise<void> {
    const { session } = await this.caller(request, { allowJwt: true });
    await this.sessions.end(session.userId, session.id);
    clearSessionCookie(response, this.config, request);
  }
}
