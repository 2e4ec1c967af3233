import type { RequestHandler } from 'express';
import { findEdgeProblem, hasNul, NUL_MESSAGE, queryParamMessage } from '@outpost/validation';
import { pathOf } from './api-paths';
import { httpErrors, invalidField } from './http.errors';

const refuse = (field: string, message: string) => invalidField({ field, message });

/**
 * The rules every route inherits, checked once before routing: no NUL anywhere (the path and its
 * ids, query keys and values, body keys and strings; PostgreSQL cannot store it and SQLite's
 * statement text breaks on it, and either must read as the client's mistake, never as a database
 * outage), and every query parameter a single string (a repeated key or `a[b]=c` makes an array or
 * an object that no route expects), and no body nested deeper than MAX_JSON_DEPTH. Refusals go to the exception filter like any other 400.
 */
export const inputGuard: RequestHandler = (request, _response, next) => {
  let path: string;
  try {
    path = decodeURIComponent(pathOf(request.originalUrl));
  } catch {
    return next(httpErrors.invalidPath());
  }
  if (hasNul(path)) return next(refuse('path', NUL_MESSAGE));
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (hasNul(key)) return next(refuse('query', NUL_MESSAGE));
    if (typeof value !== 'string') return next(refuse(key, queryParamMessage(key)));
    if (hasNul(value)) return next(refuse(key, NUL_MESSAGE));
  }
  const problem = findEdgeProblem(request.body);
  if (problem) return next(refuse(problem.field, problem.message));
  next();
};
