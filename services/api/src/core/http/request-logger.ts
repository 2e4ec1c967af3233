import type { ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { pathOf } from './api-paths';

/** Logs method, path, status and duration once the response is sent. Never the query string:
 * it can carry secrets (a magic-link secret, an OAuth code). */
export const requestLogger = (): RequestHandler => {
  const logger = new Logger('HTTP');
  return (request, response, next) => {
    logWhenAnswered(logger, request.method, request.originalUrl, response);
    next();
  };
};

/**
 * The same line for a request answered before Express (the live stream): `started` is when it
 * came (process.hrtime.bigint()).
 */
export const logWhenAnswered = (
  logger: Logger,
  method: string,
  url: string,
  response: ServerResponse,
  started = process.hrtime.bigint(),
): void => {
  response.once('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.log(`${method} ${pathOf(url)} ${response.statusCode} ${ms.toFixed(1)}ms`);
  });
};
