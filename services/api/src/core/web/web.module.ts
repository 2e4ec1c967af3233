import { Module } from '@nestjs/common';
import { DownloadsController } from './downloads.controller';
import { RemotesController } from './remotes.controller';
import { RemotesInForce } from './remotes-in-force';

/**
 * /remotes.json and /downloads (the one-file bridge); the static files and the SPA fallback are
 * Express middleware (mountWeb).
 */
@Module({
  controllers: [RemotesController, DownloadsController],
  providers: [RemotesInForce],
  exports: [RemotesInForce],
})
export class WebModule {}
