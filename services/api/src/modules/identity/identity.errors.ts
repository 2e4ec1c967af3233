import { OAUTH_PROVIDERS } from '../../core/config';
import { errorsOf, type ErrorTable } from '../../core/http';

// The /v1 identity API answers in Appwrite's words (and error types), so a client written for
// Appwrite shows the same errors.
const argumentInvalid = 'general_argument_invalid';

export const IDENTITY_ERRORS = {
  /** A call that needs a session and has none. */
  missingScope: {
    code: 'UNAUTHORIZED',
    message: 'User (role: guests) missing scope (account)',
    appwriteType: 'general_unauthorized_scope',
  },
  /** A magic-link secret that is unknown, used or expired. */
  invalidToken: {
    code: 'UNAUTHORIZED',
    message: 'Invalid token passed in the request.',
    appwriteType: 'user_invalid_token',
  },
  sessionNotFound: { code: 'NOT_FOUND', message: 'Session not found' },
  demoOff: {
    code: 'NOT_FOUND',
    message: 'Demo mode is turned off on this panel',
    appwriteType: 'general_route_not_found',
  },
  mailFailed: {
    code: 'INTERNAL',
    message: 'The sign-in e-mail could not be sent. Please try again later.',
  },
  /** The sign-in limits (sign-in-limits.ts). */
  rateLimited: {
    code: 'RATE_LIMITED',
    message: 'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
  },
  paramMissing: {
    code: 'VALIDATION_FAILED',
    message: (param: string) => `Param "${param}" is not optional.`,
    appwriteType: argumentInvalid,
  },
  paramNotString: {
    code: 'VALIDATION_FAILED',
    message: (param: string) =>
      `Invalid \`${param}\` param: Value must be a valid string and at least 1 chars and no longer than 256 chars`,
    appwriteType: argumentInvalid,
  },
  paramNotEmail: {
    code: 'VALIDATION_FAILED',
    message: (param: string) => `Invalid \`${param}\` param: Value must be a valid email address`,
    appwriteType: argumentInvalid,
  },
  paramNotUserId: {
    code: 'VALIDATION_FAILED',
    message: (param: string) =>
      `Invalid \`${param}\` param: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char`,
    appwriteType: argumentInvalid,
  },
  unknownProvider: {
    code: 'VALIDATION_FAILED',
    message: `Invalid \`provider\` param: Value must be one of (${OAUTH_PROVIDERS.join(', ')})`,
    appwriteType: argumentInvalid,
  },
  /** A redirect or link URL off the allow-list (ALLOWED_ORIGINS). */
  redirectNotAllowed: {
    code: 'VALIDATION_FAILED',
    message: ({ param, allowedOrigins }: { param: string; allowedOrigins: readonly string[] }) =>
      `Invalid \`${param}\` param: URL origin must be one of: ${allowedOrigins.join(', ')}`,
    appwriteType: argumentInvalid,
  },
} as const satisfies ErrorTable;

export type IdentityErrorCode = keyof typeof IDENTITY_ERRORS;
export const identityErrors = errorsOf(IDENTITY_ERRORS);
