import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  CLIENT_CONFIG_PATH,
  REMOTES_MANIFEST_PATH,
  type ClientConfig,
  type RemotesManifest,
} from '@outpost/contracts';
import { Public } from '../auth';
import { configuredOAuthProviders, InjectConfig, type AppConfig } from '../config';
import { NO_CACHE } from './cache-control';

/**
 * Where the shell finds each remote at run time (a new remote build ships by changing this), and
 * the browser's settings.
 */
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

  /** The browser's runtime settings: read at boot so one web build serves any panel. */
  @Get(CLIENT_CONFIG_PATH)
  @Header('Cache-Control', NO_CACHE)
  client(): ClientConfig {
    return {
      apiKey: this.config.apiKey,
      demo: this.config.demo,
      community: { ...this.config.community },
      publicUrl: this.config.publicUrl,
      plans: this.config.plansEnabled,
      publicStats: this.config.publicStats,
      pricing: { ...this.config.pricing },
      signInProviders: configuredOAuthProviders(this.config.identity),
    };
  }
}
