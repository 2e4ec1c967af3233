import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { ApiFailure, AppwriteError } from '@outpost/contracts';
import type { Request, Response } from 'express';
import { isApiPath, isIdentityPath, pathOf } from './api-paths';
import type { ApiErrorCode } from './domain-error';
import { appwriteTypeOf, toProblem, type Problem } from './problem';

/** contracts' ApiFailure, with the API's one extra code (INVALID_API_KEY). */
type ApiFailureBody = Omit<ApiFailure, 'code'> & { code: ApiErrorCode };

export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** What an /api route answers for a problem: {success: false, error, code, details?}. */
export const apiFailureOf = (problem: Problem): ApiFailureBody => {
  const body: ApiFailureBody = { success: false, error: problem.message, code: problem.code };
  if (problem.details?.length) body.details = problem.details;
  return body;
};

/**
 * The one exception filter (DESIGN section 3). Whatever was thrown, by a controller, a guard, a
 * pipe, a middleware or the body parser, the client gets the same shape for its part of the
 * server; only real bugs answer 500, and only they are logged with a stack.
 */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const path = pathOf(request.originalUrl);
    const problem = toProblem(exception);

    if (problem.bug) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`${request.method} ${path} failed`, stack);
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    if (problem.status === 429 && !response.getHeader('Retry-After'))
      response.setHeader('Retry-After', String(problem.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));

    response.status(problem.status);
    if (isIdentityPath(path)) {
      const body: AppwriteError = {
        message: problem.message,
        code: problem.status,
        type: appwriteTypeOf(problem),
      };
      response.json(body);
    } else if (isApiPath(path)) {
      response.json(apiFailureOf(problem));
    } else {
      response.type('text/plain').send(problem.message);
    }
  }
}
