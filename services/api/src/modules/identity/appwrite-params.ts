import { DomainError } from '../../core/http/domain-error';

// Input checks of the /v1 identity API, failing with Appwrite's own messages so a client written
// for Appwrite shows the same errors.

const invalid = (message: string): DomainError =>
  new DomainError('VALIDATION_FAILED', message, { appwriteType: 'general_argument_invalid' });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CUSTOM_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/;
/** Appwrite's placeholder asking the server to pick the id. */
export const UNIQUE_ID = 'unique()';

export type Params = Record<string, unknown>;

export const paramsOf = (body: unknown): Params =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Params) : {};

export const requiredString = (params: Params, name: string): string => {
  const value = params[name];
  if (value === undefined || value === null || value === '')
    throw invalid(`Param "${name}" is not optional.`);
  if (typeof value !== 'string' || value.length > 256)
    throw invalid(
      `Invalid \`${name}\` param: Value must be a valid string and at least 1 chars and no longer than 256 chars`,
    );
  return value;
};

export const optionalString = (params: Params, name: string): string | undefined =>
  params[name] === undefined || params[name] === '' ? undefined : requiredString(params, name);

export const emailParam = (params: Params, name = 'email'): string => {
  const value = requiredString(params, name).trim();
  if (value.length > 320 || !EMAIL.test(value))
    throw invalid(`Invalid \`${name}\` param: Value must be a valid email address`);
  return value;
};

export const userIdParam = (params: Params, name = 'userId'): string => {
  const value = requiredString(params, name);
  if (value !== UNIQUE_ID && !CUSTOM_ID.test(value))
    throw invalid(
      `Invalid \`${name}\` param: Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char`,
    );
  return value;
};
