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

/**
 * One refusal as a module declares it in its x.errors.ts: the code (which decides the status,
 * through API_ERROR_STATUS), the message for a person (a function of one argument when it names
 * something), and what the answer carries with it.
 */
export type ErrorEntry = {
  readonly code: ApiErrorCode;
  readonly message: string | ((arg: never) => string);
  /** The input field the refusal is about: answered as `details: [{field, message}]`. */
  readonly field?: string;
  /** For /v1 answers: Appwrite's error type. */
  readonly appwriteType?: string;
};

/** A module's refusals by name; the names are the module's code union. */
export type ErrorTable = Readonly<Record<string, ErrorEntry>>;

/** Makes one refusal's DomainError: the message's argument first when the message takes one. */
export type ErrorFactory<E extends ErrorEntry> = E['message'] extends (arg: infer A) => string
  ? (arg: A, options?: DomainErrorOptions) => DomainError
  : (options?: DomainErrorOptions) => DomainError;

export type ErrorFactories<T extends ErrorTable> = { readonly [K in keyof T]: ErrorFactory<T[K]> };

const refusal = (entry: ErrorEntry, message: string, options?: DomainErrorOptions): DomainError =>
  new DomainError(entry.code, message, {
    details: entry.field === undefined ? undefined : [{ field: entry.field, message }],
    appwriteType: entry.appwriteType,
    ...options,
  });

/** A factory per refusal of `table`: `serverErrors.notFound()`, `userErrors.planRequired(plan)`. */
export const errorsOf = <T extends ErrorTable>(table: T): ErrorFactories<T> =>
  Object.fromEntries(
    Object.entries(table).map(([name, entry]) => {
      const { message } = entry;
      const factory =
        typeof message === 'function'
          ? (arg: never, options?: DomainErrorOptions) => refusal(entry, message(arg), options)
          : (options?: DomainErrorOptions) => refusal(entry, message, options);
      return [name, factory];
    }),
  ) as ErrorFactories<T>;
