import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';

export const ALLOWS_SESSION_COOKIE = 'outpost:allows-session-cookie';

/**
 * The route also takes the session cookie when no bearer JWT is sent: for a stream a browser's
 * EventSource opens, which cannot send headers. Only for reads (GET): a cookie travels with
 * requests other sites make.
 */
export const AllowSessionCookie = (): MethodDecorator => SetMetadata(ALLOWS_SESSION_COOKIE, true);

/** Who holds the session whose cookie the request carries (the identity module answers). */
export abstract class SessionCookieAuth {
  abstract userOf(request: Request): Promise<AuthUser | null>;
}
