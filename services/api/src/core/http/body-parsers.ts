import { json, urlencoded, type ErrorRequestHandler, type RequestHandler } from 'express';
import { DomainError } from './domain-error';

/** Largest request body accepted (JSON or form); the plugin API's batches fit well within it. */
export const BODY_LIMIT = '1mb';

export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON';
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large';

/** The plugin API's limit: a heartbeat of 1000 players fits; anything larger is a 413. */
export const PLUGIN_BODY_LIMIT = '256kb';

const PLUGIN_PATH = /^\/api\/plugin\/v1(\/|$|\?)/;

export const bodyParsers = (): RequestHandler[] => {
  const pluginJson = json({ limit: PLUGIN_BODY_LIMIT });
  return [
    // Parses plugin bodies first with the smaller limit; the general parser then skips them.
    (request, response, next) =>
      PLUGIN_PATH.test(request.originalUrl) ? pluginJson(request, response, next) : next(),
    json({ limit: BODY_LIMIT }),
    urlencoded({ extended: false, limit: BODY_LIMIT }),
  ];
};

/** Gives body-parser's failures (malformed JSON, too large) our codes and messages before the
 * exception filter sees them; anything else passes through unchanged. */
export const bodyParserErrors: ErrorRequestHandler = (error: unknown, _request, _response, next) => {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed')
    return next(new DomainError('VALIDATION_FAILED', INVALID_JSON_MESSAGE, { cause: error }));
  if (type === 'entity.too.large')
    return next(new DomainError('PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE, { cause: error }));
  next(error);
};
