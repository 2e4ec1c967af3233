import type { ApiErrorDetail } from '@outpost/contracts';
import { errorsOf, type ErrorTable } from './domain-error';

/** What the HTTP pipeline refuses before any route runs, and input a route's schema refuses. */
export const HTTP_ERRORS = {
  invalidApiKey: { code: 'INVALID_API_KEY', message: 'Missing or invalid API key' },
  invalidPath: { code: 'VALIDATION_FAILED', message: 'The address is not valid', field: 'path' },
  invalidJson: { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' },
  bodyTooLarge: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  unsupportedCharset: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body must be UTF-8 JSON' },
  unsupportedEncoding: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body must be sent as is, gzip or deflate',
  },
  unreadableBody: { code: 'VALIDATION_FAILED', message: 'The request body could not be read' },
  /** Input a schema refused, in the schema's words (@outpost/validation's, mostly). */
  invalidInput: { code: 'VALIDATION_FAILED', message: (message: string) => message },
} as const satisfies ErrorTable;

export type HttpErrorCode = keyof typeof HTTP_ERRORS;
export const httpErrors = errorsOf(HTTP_ERRORS);

/** One field's problem, as found by a schema or a rule: its message, and it as the one detail. */
export const invalidField = (problem: ApiErrorDetail) =>
  httpErrors.invalidInput(problem.message, { details: [problem] });
