import type { CookieOptions, Request, Response } from 'express';
import { SESSION_COOKIE } from '../../core/auth';
import type { AppConfig } from '../../core/config';
/** Where Appwrite clients that cannot keep cookies send them back (JSON of name → value). */
export const FALLBACK_COOKIES_REQUEST_HEADER = 'x-fallback-cookies';

const secureFor = (config: AppConfig, request: Request): boolean =>
  request.secure || config.publicUrl.startsWith('https://');

/** httpOnly, SameSite=Lax, Secure behind https; the whole site may read it (/v1 only needs it). */
export const sessionCookieOptions = (config: AppConfig, request: Request, expires?: Date): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: secureFor(config, request),
  path: '/',
  ...(expires ? { expires } : {}),
});

export const setSessionCookie = (
  response: Response,
  config: AppConfig,
  request: Request,
  secret: string,
  expires: Date,
): void => {
  response.cookie(SESSION_COOKIE, secret, sessionCookieOptions(config, request, expires));
};

export const clearSessionCookie = (response: Response, config: AppConfig, request: Request): void => {
  response.clearCookie(SESSION_COOKIE, sessionCookieOptions(config, request));
};

/** The session secret the caller sent: the cookie, else Appwrite's X-Fallback-Cookies header. */
export const readSessionSecret = (request: Request): string | undefined =>
  sessionSecretOf(
    request.cookies as Record<string, string | undefined> | undefined,
    request.get(FALLBACK_COOKIES_REQUEST_HEADER),
  );

/** The same from the parsed cookies (cookie-parser's) and the X-Fallback-Cookies header's value. */
export const sessionSecretOf = (
  cookies: Record<string, string | undefined> | undefined,
  fallback: string | undefined,
): string | undefined => {
  const fromCookie = cookies?.[SESSION_COOKIE];
  if (fromCookie) return fromCookie;
  if (!fallback) return undefined;
  try {
    const value = (JSON.parse(fallback) as Record<string, unknown>)[SESSION_COOKIE];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
};
