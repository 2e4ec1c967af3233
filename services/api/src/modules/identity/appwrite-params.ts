import { identityErrors } from './identity.errors';

// Input checks of the /v1 identity API, failing with Appwrite's own messages (identity.errors.ts)
// so a client written for Appwrite shows the same errors.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CUSTOM_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/;
/** Appwrite's placeholder asking the server to pick the id. */
export const UNIQUE_ID = 'unique()';

export type Params = Record<string, unknown>;

export const paramsOf = (body: unknown): Params =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Params) : {};

export const requiredString = (params: Params, name: string): string => {
  const value = params[name];
  if (value === undefined || value === null || value === '') throw identityErrors.paramMissing(name);
  if (typeof value !== 'string' || value.length > 256) throw identityErrors.paramNotString(name);
  return value;
};

export const optionalString = (params: Params, name: string): string | undefined =>
  params[name] === undefined || params[name] === '' ? undefined : requiredString(params, name);

export const emailParam = (params: Params, name = 'email'): string => {
  const value = requiredString(params, name).trim();
  if (value.length > 320 || !EMAIL.test(value)) throw identityErrors.paramNotEmail(name);
  return value;
};

export const userIdParam = (params: Params, name = 'userId'): string => {
  const value = requiredString(params, name);
  if (value !== UNIQUE_ID && !CUSTOM_ID.test(value)) throw identityErrors.paramNotUserId(name);
  return value;
};
