import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { REMOTES_MANIFEST_PATH, type RemotesManifest } from '@outpost/contracts';
import { Public } from '../auth/access.decorators';
import { InjectConfig, type AppConfig } from '../config';
import { NO_CACHE } from './cache-control';

/** Where the shell finds each remote at run time; a new remote build ships by changing this. */
@ApiExcludeController()
@Public()
@Controller()
export class RemotesController {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  @Get(REMOTES_MANIFEST_PATH)
  @Header('Cache-Control', NO_CACHE)
  remotes(): RemotesManifest {
    return { ...this.config.remotes };
  }
}
