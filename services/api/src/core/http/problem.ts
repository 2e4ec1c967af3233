import { HttpException } from '@nestjs/common';
import type { ApiErrorDetail } from '@outpost/contracts';
import { isDatabaseUnavailable, isDataException, isLostRace, isMissingValue } from '../database';
import { DomainError, type ApiErrorCode } from './domain-error';

/** Any failure reduced to what the client is told; `bug` marks the ones worth a stack trace. */
export type Problem = {
  status: number;
  code: ApiErrorCode;
  message: string;
  details?: ApiErrorDetail[];
  retryAfterSeconds?: number;
  appwriteType?: string;
  bug?: boolean;
};

const CODE_BY_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'DATABASE_UNAVAILABLE',
};

// Nest's messages ("Cannot GET /api/x", "ThrottlerException: Too Many Requests") are not for
// people; code that has something to say throws a DomainError, so these replace them.
const MESSAGE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'Invalid request',
  401: 'Authentication required',
  403: 'You do not have permission to do this',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'The request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests, please try again later',
};

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const CONFLICT_RETRY_MESSAGE = 'Another change got there first; please try again';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable, please try again shortly';

const fromHttpException = (exception: HttpException): Problem => {
  const status = exception.getStatus();
  if (status >= 500) return { status, code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE, bug: true };
  const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
  return { status, code, message: MESSAGE_BY_STATUS[status] ?? 'Request failed' };
};

/** The one mapping from anything thrown to a status, a code and a message. */
export const toProblem = (exception: unknown): Problem => {
  if (exception instanceof DomainError) {
    return {
      status: exception.status,
      code: exception.code,
      message: exception.message,
      details: exception.details,
      retryAfterSeconds: exception.retryAfterSeconds,
      appwriteType: exception.appwriteType,
      bug: exception.status >= 500,
    };
  }
  if (exception instanceof HttpException) return fromHttpException(exception);
  if (isDatabaseUnavailable(exception))
    return { status: 503, code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE };
  if (isDataException(exception) || isMissingValue(exception))
    return { status: 400, code: 'VALIDATION_FAILED', message: 'Invalid request', bug: true };
  if (isLostRace(exception)) return { status: 409, code: 'CONFLICT', message: CONFLICT_RETRY_MESSAGE };
  return { status: 500, code: 'INTERNAL', message: INTERNAL_ERROR_MESSAGE, bug: true };
};

// Appwrite's error types, as its SDK and our /v1 clients expect them.
const APPWRITE_TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'general_argument_invalid',
  401: 'general_unauthorized_scope',
  403: 'general_unauthorized_scope',
  404: 'general_route_not_found',
  409: 'general_argument_invalid',
  413: 'general_argument_invalid',
  415: 'general_argument_invalid',
  429: 'general_rate_limit_exceeded',
};

export const appwriteTypeOf = (problem: Problem): string =>
  problem.appwriteType ?? APPWRITE_TYPE_BY_STATUS[problem.status] ?? 'general_server_error';
