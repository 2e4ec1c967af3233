import type { RateLimit } from '../../core/rate-limit';
import { identityErrors } from './identity.errors';

const FIFTEEN_MINUTES = 15 * 60;

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
    refuse: identityErrors.rateLimited,
  });
  return {
    magicUrlPerEmail: rule('magic-url-email', 5),
    magicUrlPerIp: rule('magic-url-ip', perIp),
    tokenSessionPerIp: rule('session-token-ip', perIp),
    tokenSessionPerUser: rule('session-token-user', 10),
  };
};
