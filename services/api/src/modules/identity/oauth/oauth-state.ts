import { timingSafeEqual } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { CookieOptions, Request, Response } from 'express';
import type { OAuthProviderName } from '../../../core/config';
import { randomSecret } from '../secrets';

/** Where the browser goes back to, signed into the state cookie at the start of a sign-in. */
export type OAuthFlow = { provider: OAuthProviderName; success: string; failure: string };
export type OAuthStatePayload = OAuthFlow & { state: string };

export const OAUTH_STATE_COOKIE = 'outpost_oauth_state';
const STATE_TTL_SECONDS = 10 * 60;
const AUDIENCE = 'outpost-oauth-state';

type StoreCallback = (error: Error | null, state?: string) => void;
type VerifyCallback = (
  error: Error | null,
  ok: boolean,
  info?: OAuthStatePayload | { message: string },
) => void;

/** The request of a sign-in start carries its flow for the store. */
export type FlowRequest = Request & { oauthFlow?: OAuthFlow };

/**
 * passport-oauth2 state store without a server-side session: the random state goes to the
 * provider, and also into an httpOnly cookie (signed, with the success and failure URLs) that
 * only this browser sends back. The callback must bring both, equal, or no code is exchanged.
 */
export class OAuthStateStore {
  private readonly jwt: JwtService;

  constructor(
    secret: string,
    private readonly cookieOptions: (request: Request) => CookieOptions,
  ) {
    this.jwt = new JwtService({
      secret,
      signOptions: { algorithm: 'HS256', expiresIn: STATE_TTL_SECONDS, audience: AUDIENCE },
      verifyOptions: { algorithms: ['HS256'], audience: AUDIENCE },
    });
  }

  store(request: FlowRequest, _meta: unknown, callback: StoreCallback): void {
    const flow = request.oauthFlow;
    if (!flow) return callback(new Error('no sign-in flow on the request'));
    const state = randomSecret();
    const payload: OAuthStatePayload = { ...flow, state };
    (request.res as Response).cookie(OAUTH_STATE_COOKIE, this.jwt.sign(payload), {
      ...this.cookieOptions(request),
      maxAge: STATE_TTL_SECONDS * 1000,
    });
    callback(null, state);
  }

  verify(request: Request, state: unknown, _meta: unknown, callback: VerifyCallback): void {
    const payload = this.read(request);
    const ok =
      payload !== null &&
      typeof state === 'string' &&
      state.length === payload.state.length &&
      timingSafeEqual(Buffer.from(state), Buffer.from(payload.state));
    (request.res as Response).clearCookie(OAUTH_STATE_COOKIE, this.cookieOptions(request));
    if (!ok) return callback(null, false, { message: 'state_mismatch' });
    callback(null, true, payload);
  }

  /** The flow in the state cookie, when it is ours and fresh (used to find the failure URL). */
  read(request: Request): OAuthStatePayload | null {
    const token = (request.cookies as Record<string, string | undefined>)[OAUTH_STATE_COOKIE];
    if (!token) return null;
    try {
      return this.jwt.verify<OAuthStatePayload>(token);
    } catch {
      return null;
    }
  }
}
