import { Logger } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { pathOf } from './api-paths';

/** Logs method, path, status and duration once the response is sent. Never the query string:
 * it can carry secrets (a magic-link secret, an OAuth code). */
export const requestLogger = (): RequestHandler => {
  const logger = new Logger('HTTP');
  return (request, response, next) => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.log(
        `${request.method} ${pathOf(request.originalUrl)} ${response.statusCode} ${ms.toFixed(1)}ms`,
      );
    });
    next();
  };
};
