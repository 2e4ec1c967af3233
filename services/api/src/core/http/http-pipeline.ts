import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { AppConfig } from '../config';
import { apiKeyCheck } from './api-key';
import { bodyParserErrors, bodyParsers } from './body-parsers';
import { requestLogger } from './request-logger';
import { corsOptions, helmetOptions } from './security';

/**
 * Express-level middleware, in order: logging first (so every answer is logged), security
 * headers, CORS (a preflight ends here, before the key check), cookies, the API key (before
 * parsing a body nobody may send), then the body parsers. Errors go to the exception filter.
 */
export const configureHttp = (app: NestExpressApplication, config: AppConfig): void => {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(requestLogger());
  app.use(helmet(helmetOptions(config)));
  app.enableCors(corsOptions(config));
  app.use(cookieParser());
  app.use(apiKeyCheck(config.apiKey));
  app.use(...bodyParsers(), bodyParserErrors);
};
