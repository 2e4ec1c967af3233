import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pathOf, requiresApiKey } from './api-paths';
import { httpErrors } from './http.errors';

export const API_KEY_HEADER = 'X-API-Key';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Every /api call (but the docs and the plugin API) must carry the client key. The error goes
 * to next() so the exception filter answers it like any other.
 */
export const apiKeyCheck = (apiKey: string): RequestHandler => {
  const matches = apiKeyMatcher(apiKey);
  return (request, _response, next) => {
    if (!requiresApiKey(pathOf(request.originalUrl))) return next();
    if (matches(request.get(API_KEY_HEADER))) return next();
    next(httpErrors.invalidApiKey());
  };
};

/** Whether a given X-API-Key value is the client key (compared in constant time). */
export const apiKeyMatcher = (apiKey: string): ((given: string | undefined) => boolean) => {
  const expected = digest(apiKey);
  return (given) => given !== undefined && timingSafeEqual(digest(given), expected);
};
