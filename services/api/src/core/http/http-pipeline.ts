import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { AppConfig } from '../config';
import { apiKeyCheck } from './api-key';
import { bodyParserErrors, bodyParsers } from './body-parsers';
import { envelopeAnswers } from './envelope';
import { Draining } from './graceful-shutdown';
import { inputGuard } from './input-guard';
import { requestLogger } from './request-logger';
import { corsOptions, helmetOptions, type RemoteOriginsSource } from './security';

/**
 * Express-level middleware, in order: logging first (so every answer is logged), `Connection:
 * close` while draining, security
 * headers, CORS (a preflight ends here, before the key check), cookies, the API key (before
 * parsing a body nobody may send), the body parsers, then the input guard (no NUL, single-valued
 * query parameters). Errors go to the exception filter; handlers' answers on /api get the envelope.
 */
export const configureHttp = (
  app: NestExpressApplication,
  config: AppConfig,
  remotes: RemoteOriginsSource,
): void => {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(requestLogger());
  app.use(app.get(Draining).closeWhenDraining);
  app.use(helmet(helmetOptions(config, remotes)));
  app.enableCors(corsOptions(config));
  app.use(cookieParser());
  app.use(apiKeyCheck(config.apiKey));
  app.use(...bodyParsers(), bodyParserErrors, inputGuard);
  envelopeAnswers(app);
};
