// Typed failures of the plugin API, so a plugin can tell "fix your request" from "try later".

/** The API's failure envelope: `{success: false, error, code, details?}`. */
export type PluginErrorBody = {
  error?: string;
  code?: string;
  details?: { field: string; message: string }[];
};

export class PluginApiError extends Error {
  override name = 'PluginApiError';
  constructor(
    message: string,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    readonly code: string,
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message);
  }

  /** Worth sending again unchanged: the server or the network failed, not the request. */
  get retryable(): boolean {
    return false;
  }
}

/** 400: the body does not follow the protocol (unknown or malformed field); nothing was stored. */
export class PluginValidationError extends PluginApiError {
  override name = 'PluginValidationError';
}

/** 401: missing, unknown or rotated server token. */
export class PluginAuthError extends PluginApiError {
  override name = 'PluginAuthError';
}

/** 413: the body is over the API's limit (256 KB); send fewer players or smaller batches. */
export class PluginPayloadTooLargeError extends PluginApiError {
  override name = 'PluginPayloadTooLargeError';
}

/** 429: this server token sent too many requests; wait retryAfterMs. */
export class PluginRateLimitError extends PluginApiError {
  override name = 'PluginRateLimitError';
  constructor(
    message: string,
    code: string,
    readonly retryAfterMs: number,
  ) {
    super(message, 429, code);
  }
  override get retryable(): boolean {
    return true;
  }
}

/** 5xx or no answer at all (connection refused, reset, timeout). */
export class PluginUnavailableError extends PluginApiError {
  override name = 'PluginUnavailableError';
  override get retryable(): boolean {
    return true;
  }
}

/** Retry-After is either seconds or an HTTP date; null when absent or unreadable. */
export const parseRetryAfter = (value: string | null, now = Date.now()): number | null => {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
};

/** The typed error for a failed answer. */
export const errorOf = (status: number, body: PluginErrorBody, retryAfter: string | null): PluginApiError => {
  const message = body.error ?? `The plugin API answered ${status}`;
  const code = body.code ?? `HTTP_${status}`;
  switch (status) {
    case 400:
      return new PluginValidationError(message, status, code, body.details);
    case 401:
      return new PluginAuthError(message, status, code);
    case 413:
      return new PluginPayloadTooLargeError(message, status, code);
    case 429:
      return new PluginRateLimitError(message, code, parseRetryAfter(retryAfter) ?? 1000);
    default:
      return status >= 500 || status === 408
        ? new PluginUnavailableError(message, status, code)
        : new PluginApiError(message, status, code, body.details);
  }
};
