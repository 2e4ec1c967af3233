import type { IncomingHttpHeaders } from 'node:http';
import { EntityManager, RequestContext } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import type { AuthUser } from '../../core/auth';
import { JwtTokensService } from './jwt-tokens.service';
import { FALLBACK_COOKIES_REQUEST_HEADER, sessionSecretOf } from './session-cookie';
import { SessionsService } from './sessions.service';

/** The HTTP pipeline's cookie parser (configureHttp), run here on the headers alone. */
const parseCookies = cookieParser();
/** An Authorization header that is a bearer token and nothing else. */
const BEARER = /^bearer\s+(\S+)$/i;

/**
 * Who a request's headers say the caller is, read as the AccessGuard reads them on a route that
 * takes the session cookie (AllowSessionCookie): the bearer JWT of an active session when an
 * Authorization header is sent, else the session cookie or X-Fallback-Cookies. null when they name
 * nobody the guard would let in. For a route answered before Express (the live stream), where
 * there is no `request.cookies` and no passport.
 */
@Injectable()
export class HeaderUsers {
  constructor(
    private readonly tokens: JwtTokensService,
    private readonly sessions: SessionsService,
    private readonly em: EntityManager,
  ) {}

  /** In a request context of its own, as an HTTP request's reads (MikroORM's middleware). */
  userOf(headers: IncomingHttpHeaders): Promise<AuthUser | null> {
    return RequestContext.create(this.em, () => this.read(headers));
  }

  private async read(headers: IncomingHttpHeaders): Promise<AuthUser | null> {
    if (headers.authorization) {
      const token = BEARER.exec(headers.authorization)?.[1];
      const claims = token ? this.tokens.verify(token) : null;
      return claims ? this.sessions.authUser(claims.sid, claims.sub) : null;
    }
    const parsed: { headers: IncomingHttpHeaders; cookies?: Record<string, string> } = { headers };
    parseCookies(parsed as never, undefined as never, () => undefined);
    const fallback = headers[FALLBACK_COOKIES_REQUEST_HEADER];
    const secret = sessionSecretOf(parsed.cookies, typeof fallback === 'string' ? fallback : undefined);
    const session = await this.sessions.findBySecret(secret);
    return session ? this.sessions.authUser(session.id, session.userId) : null;
  }
}
