import { ERROR_STATUS, type ApiErrorDetail, type ErrorCode } from '@outpost/contracts';

// INVALID_API_KEY is the answer to a missing or wrong X-API-Key. TODO(contracts): move it into
// ERROR_CODES in @outpost/contracts so the web client can name it too.
export type ApiErrorCode = ErrorCode | 'INVALID_API_KEY';

/** Every error code's HTTP status: the one place a domain failure becomes a status. */
export const API_ERROR_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  ...ERROR_STATUS,
  INVALID_API_KEY: 401,
};

export type DomainErrorOptions = {
  /** Per-field problems, answered as `details: [{field, message}]`. */
  details?: ApiErrorDetail[];
  /** For RATE_LIMITED: sent as the Retry-After header. */
  retryAfterSeconds?: number;
  /** For /v1 answers: Appwrite's error type (e.g. 'user_invalid_token'); else one follows the status. */
  appwriteType?: string;
  cause?: unknown;
};

/**
 * A failure a person or client should see, with a machine code and a message for a person.
 * Services throw it; the one exception filter turns it into the answer.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly details?: ApiErrorDetail[];
  readonly retryAfterSeconds?: number;
  readonly appwriteType?: string;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.appwriteType = options.appwriteType;
  }

  get status(): number {
    return API_ERROR_STATUS[this.code];
  }
}
