import type { RateLimit } from '../../core/rate-limit';

const FIFTEEN_MINUTES = 15 * 60;

export const RATE_LIMITED_MESSAGE =
  'Rate limit for the current endpoint has been exceeded. Please try again after some time.';

export type SignInLimits = Record<
  'magicUrlPerEmail' | 'magicUrlPerIp' | 'tokenSessionPerIp' | 'tokenSessionPerUser',
  RateLimit
>;

/**
 * Sign-in limits (DESIGN section 2): per e-mail and IP for links, per IP and user for secrets.
 * `perIp` is SIGN_IN_LIMIT_PER_IP (default 20).
 */
export const signInLimits = (perIp: number): SignInLimits => {
  const rule = (name: string, limit: number): RateLimit => ({
    name,
    limit,
    windowSeconds: FIFTEEN_MINUTES,
    message: RATE_LIMITED_MESSAGE,
  });
  return {
    magicUrlPerEmail: rule('magic-url-email', 5),
    magicUrlPerIp: rule('magic-url-ip', perIp),
    tokenSessionPerIp: rule('session-token-ip', perIp),
    tokenSessionPerUser: rule('session-token-user', 10),
  };
};
