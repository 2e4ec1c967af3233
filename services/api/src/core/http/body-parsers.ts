import { json, raw, urlencoded, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { DomainError, DomainErrorOptions } from './domain-error';
import { httpErrors } from './http.errors';
import { pluginJson } from './plugin-json';

/** Largest request body accepted (JSON or form); the plugin API's batches fit well within it. */
export const BODY_LIMIT = '1mb';

/** The plugin API's limit, in bytes: a heartbeat of 1000 players fits; anything larger is a 413. */
export const PLUGIN_BODY_LIMIT = 256 * 1024;

const PLUGIN_PATH = /^\/api\/plugin\/v1(\/|$|\?)/;
/** Discord's interactions: kept as the raw bytes, which its signature is over. */
const DISCORD_INTERACTIONS_PATH = /^\/api\/discord\/interactions\/?(\?|$)/i;
/** The game's F7 reports (a form with a base64 screenshot) may be larger than the plugin's JSON. */
const REPORTS_PATH = /^\/api\/plugin\/v1\/reports\//;
export const REPORTS_BODY_LIMIT = '4mb';

/** Runs `first`, then `then` unless it failed. */
const chain =
  (first: RequestHandler, then: RequestHandler): RequestHandler =>
  (request, response, next) =>
    first(request, response, (error?: unknown) => (error ? next(error) : then(request, response, next)));

export const bodyParsers = (): RequestHandler[] => {
  const general = chain(json({ limit: BODY_LIMIT }), urlencoded({ extended: false, limit: BODY_LIMIT }));
  // Plugin bodies first with the smaller limit (the general parsers then skip them); one read
  // the short way has nothing left for them to do.
  const plugin = pluginJson(PLUGIN_BODY_LIMIT, chain(json({ limit: PLUGIN_BODY_LIMIT }), general));
  const reports = chain(
    urlencoded({ extended: false, limit: REPORTS_BODY_LIMIT, parameterLimit: 100 }),
    json({ limit: REPORTS_BODY_LIMIT }),
  );
  const discord = raw({ type: () => true, limit: BODY_LIMIT });
  return [
    (request, response, next) =>
      DISCORD_INTERACTIONS_PATH.test(request.originalUrl) ? discord(request, response, next) : next(),
    // The game's reports URL: its form (or JSON) with the larger limit, before the plugin's parser.
    (request, response, next) =>
      REPORTS_PATH.test(request.originalUrl) ? reports(request, response, next) : next(),
    (request, response, next) =>
      PLUGIN_PATH.test(request.originalUrl)
        ? plugin(request, response, next)
        : general(request, response, next),
  ];
};

type BodyError = { type?: unknown; status?: unknown; expose?: unknown } | null;

/**
 * Gives body-parser's failures our codes and messages before the exception filter sees them:
 * malformed JSON, too large, a charset other than UTF-8 or an unknown content encoding (415), and
 * a body its content encoding cannot decode (a gzip header on a body that is not gzip: 400). Any
 * other client error it raises reads as an unreadable body; anything else passes through.
 */
export const bodyParserErrors: ErrorRequestHandler = (error: unknown, _request, _response, next) =>
  next(bodyErrorOf(error));

/** A body parser's failure in our words (bodyParserErrors), or the error itself when it is none of them. */
export const bodyErrorOf = (error: unknown): unknown => {
  const { type, status, expose } = (error ?? {}) as NonNullable<BodyError>;
  const fail = (refuse: (options: DomainErrorOptions) => DomainError) => refuse({ cause: error });
  if (type === 'entity.parse.failed') return fail(httpErrors.invalidJson);
  if (type === 'entity.too.large') return fail(httpErrors.bodyTooLarge);
  if (type === 'charset.unsupported') return fail(httpErrors.unsupportedCharset);
  if (type === 'encoding.unsupported') return fail(httpErrors.unsupportedEncoding);
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500)
    return fail(httpErrors.unreadableBody);
  return error;
};
