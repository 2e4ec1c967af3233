// Reads the OpenAPI document the app serves, as a client generating code from it would.
import type { TestApp } from './test-app';

export type DocumentedSchema = {
  type?: string;
  required?: string[];
  properties?: Record<string, DocumentedSchema>;
  items?: DocumentedSchema;
  oneOf?: DocumentedSchema[];
  enum?: unknown[];
  additionalProperties?: boolean;
  example?: unknown;
  [keyword: string]: unknown;
};

/** The JSON Schema /api/docs-json gives for a route's JSON request body (path as OpenAPI writes it). */
export const documentedBody = async (t: TestApp, method: string, path: string): Promise<DocumentedSchema> => {
  const { body } = await t.http.get('/api/docs-json').expect(200);
  const schema = body.paths?.[path]?.[method]?.requestBody?.content?.['application/json']?.schema as
    DocumentedSchema | undefined;
  if (!schema) throw new Error(`${method} ${path} documents no JSON body`);
  return schema;
};
