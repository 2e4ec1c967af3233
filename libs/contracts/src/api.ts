// The product API's envelope and error codes (DESIGN section 3). One code maps to one HTTP
// status here so the API's exception filter and the web client agree on what a failure means.

export type ApiErrorDetail = { field: string; message: string };

export type ApiSuccess<T> = { success: true; data: T };

export type ApiFailure = {
  success: false;
  /** A message for a person; the UI may show it as is. */
  error: string;
  code: ErrorCode;
  details?: ApiErrorDetail[];
};

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'DEMO_READ_ONLY',
  /** A Premium area on a Free network; lower case as the product names it to its clients. */
  'plan_required',
  'NOT_FOUND',
  'CONFLICT',
  /** Something that existed can no longer be used (an expired or used-up invite). */
  'GONE',
  'PAYLOAD_TOO_LARGE',
  /** The request line or headers over the server's limit (16 KB). */
  'HEADERS_TOO_LARGE',
  /** A body in a charset or content encoding the API does not read. */
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  DEMO_READ_ONLY: 403,
  plan_required: 403,
  // 404 also answers "not yours": a non-member never learns that a network exists.
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
};

/** DESIGN section 2: every write by the demo user answers 403 with this message. */
export const DEMO_READ_ONLY_MESSAGE = 'The demo is read-only';

export const apiSuccess = <T>(data: T): ApiSuccess<T> => ({ success: true, data });

export const apiFailure = (code: ErrorCode, error: string, details?: ApiErrorDetail[]): ApiFailure =>
  details && details.length > 0 ? { success: false, error, code, details } : { success: false, error, code };

export const isApiFailure = (value: unknown): value is ApiFailure =>
  typeof value === 'object' &&
  value !== null &&
  (value as { success?: unknown }).success === false &&
  typeof (value as { error?: unknown }).error === 'string';

/** Error shape of the /v1 identity API, as Appwrite's SDK expects it. */
export type AppwriteError = {
  message: string;
  /** The HTTP status. */
  code: number;
  /** Appwrite's machine type, e.g. "user_unauthorized". */
  type: string;
};
