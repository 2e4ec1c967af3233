import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { APP_VERSION } from '../config';
import { API_KEY_HEADER } from './api-key';

export const API_KEY_SCHEME = 'api-key';
export const BEARER_SCHEME = 'bearer';

/** OpenAPI at /api/docs (UI) and /api/docs-json, with the X-API-Key and bearer JWT schemes. */
export const setupOpenApi = (app: INestApplication): void => {
  const document = new DocumentBuilder()
    .setTitle('Outpost API')
    .setDescription(
      'Product API of the Outpost panel. Every /api call sends the client key in X-API-Key; ' +
        'signed-in calls also send Authorization: Bearer <JWT from POST /v1/account/jwts>. ' +
        'Answers are {success: true, data} or {success: false, error, code, details?}.',
    )
    .setVersion(APP_VERSION)
    .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_HEADER }, API_KEY_SCHEME)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_SCHEME)
    .addSecurityRequirements(API_KEY_SCHEME)
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, document), {
    jsonDocumentUrl: 'api/docs-json',
    raw: ['json'],
  });
};
