import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { BEARER_SCHEME } from './openapi';

const FAILURE_SCHEMA = {
  type: 'object',
  properties: {
    success: { type: 'boolean', example: false },
    error: { type: 'string' },
    code: { type: 'string' },
    details: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

const DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Invalid input (the first message as error, one detail per field)',
  401: 'No or bad token',
  403: 'The role does not allow it, or the demo user writes',
  404: 'Unknown, or not a network of the caller',
  409: 'Conflict',
  410: 'No longer usable',
};

export type ApiRouteDoc = {
  summary: string;
  /** The success status and an example of `data`. */
  ok?: { status?: number; example: unknown; description?: string };
  /** An example body, for routes that take one. */
  body?: Record<string, unknown>;
  errors?: readonly number[];
};

/** OpenAPI for a signed-in /api route: summary, bearer auth, success example and its failures. */
export const ApiRoute = (doc: ApiRouteDoc): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: doc.summary }),
    ApiBearerAuth(BEARER_SCHEME),
    ...(doc.body ? [ApiBody({ schema: { type: 'object', example: doc.body } })] : []),
    ApiResponse({
      status: doc.ok?.status ?? 200,
      description: doc.ok?.description ?? 'Success',
      schema: { type: 'object', example: { success: true, data: doc.ok?.example ?? null } },
    }),
    ...[401, ...(doc.errors ?? [])].map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Failure', schema: FAILURE_SCHEMA }),
    ),
  );
