import { DomainError } from '../../core/http';

export const INVALID_SERVER_TOKEN_MESSAGE = 'Missing or invalid server token';
export const PLUGIN_RATE_LIMITED_MESSAGE = 'Too many requests from this server';

/** A plugin request without a valid server token (unknown, malformed, rotated, or its server deleted). */
export const invalidServerToken = (): DomainError =>
  new DomainError('UNAUTHORIZED', INVALID_SERVER_TOKEN_MESSAGE);

export const pluginRateLimited = (retryAfterSeconds: number): DomainError =>
  new DomainError('RATE_LIMITED', PLUGIN_RATE_LIMITED_MESSAGE, { retryAfterSeconds });
