import { z } from 'zod';

export type JsonSchemaOptions = NonNullable<Parameters<typeof z.toJSONSchema>[1]>;

/**
 * A zod schema as JSON Schema (zod's own conversion), without the `$schema` line naming its
 * dialect: ajv compiles it (CompiledZodPipe) and the OpenAPI document embeds it (ApiRoute).
 */
export const jsonSchemaOf = (schema: z.ZodType, options: JsonSchemaOptions): Record<string, unknown> => {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, options);
  return jsonSchema;
};
