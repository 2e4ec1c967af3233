import { Module } from '@nestjs/common';
import { RemotesController } from './remotes.controller';

/** /remotes.json; the static files and the SPA fallback are Express middleware (mountWeb). */
@Module({ controllers: [RemotesController] })
export class WebModule {}
