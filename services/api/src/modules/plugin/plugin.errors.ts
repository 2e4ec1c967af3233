import { errorsOf, type ErrorTable } from '../../core/http';

export const PLUGIN_ERRORS = {
  /** A plugin request without a valid server token (unknown, malformed, rotated, or its server deleted). */
  invalidServerToken: { code: 'UNAUTHORIZED', message: 'Missing or invalid server token' },
  /** Over PLUGIN_RATE_LIMIT; the caller passes the Retry-After. */
  rateLimited: { code: 'RATE_LIMITED', message: 'Too many requests from this server' },
} as const satisfies ErrorTable;

export type PluginErrorCode = keyof typeof PLUGIN_ERRORS;
export const pluginErrors = errorsOf(PLUGIN_ERRORS);

/** heartbeat.service.ts's name for pluginErrors.invalidServerToken. */
export const { invalidServerToken } = pluginErrors;
