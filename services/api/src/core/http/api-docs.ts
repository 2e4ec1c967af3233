import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse } from '@nestjs/swagger';
import type { z } from 'zod';
import { jsonSchemaOf } from './json-schema';
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
  /**
   * The zod schema the route validates its body with: documented as the body's JSON Schema, so a
   * client in any language (a C# plugin) learns every field, its type, limits and which are required.
   */
  bodySchema?: z.ZodType;
  errors?: readonly number[];
};

type BodySchema = Extract<Parameters<typeof ApiBody>[0], { schema: unknown }>['schema'];

/**
 * The body a client sends (zod's input side: a field with a default is optional, a transform
 * shows what it accepts), with the example; a part JSON Schema cannot say is left open.
 */
const bodySchemaOf = (doc: ApiRouteDoc): BodySchema => ({
  ...(doc.bodySchema
    ? jsonSchemaOf(doc.bodySchema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' })
    : { type: 'object' }),
  ...(doc.body ? { example: doc.body } : {}),
});

/** OpenAPI for a signed-in /api route: summary, bearer auth, success example and its failures. */
export const ApiRoute = (doc: ApiRouteDoc): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary: doc.summary }),
    ApiBearerAuth(BEARER_SCHEME),
    ...(doc.body || doc.bodySchema ? [ApiBody({ schema: bodySchemaOf(doc) })] : []),
    ApiResponse({
      status: doc.ok?.status ?? 200,
      description: doc.ok?.description ?? 'Success',
      schema: { type: 'object', example: { success: true, data: doc.ok?.example ?? null } },
    }),
    ...[401, ...(doc.errors ?? [])].map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Failure', schema: FAILURE_SCHEMA }),
    ),
  );
