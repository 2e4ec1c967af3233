import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  CLIENT_CONFIG_PATH,
  REMOTES_MANIFEST_PATH,
  type ClientConfig,
  type RemotesManifest,
} from '@outpost/contracts';
import type { Request, Response } from 'express';
import { Public, SESSION_COOKIE, SessionCookieAuth } from '../auth';
import { configuredOAuthProviders, InjectConfig, type AppConfig } from '../config';
import { NO_CACHE } from './cache-control';
import { browserBucket, userBucket } from './remote-bucket';
import { RemotesInForce } from './remotes-in-force';

/**
 * Where the shell finds each remote at run time (a new remote build ships by changing this), and
 * the browser's settings.
 */
@ApiExcludeController()
@Public()
@Controller()
export class RemotesController {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly inForce: RemotesInForce,
    private readonly modules: ModuleRef,
  ) {}

  /**
   * The remotes in force for this browser: while a canary runs, a signed-in user gets the same
   * side in every browser, a visitor the side of the bucket their cookie keeps.
   */
  @Get(REMOTES_MANIFEST_PATH)
  @Header('Cache-Control', NO_CACHE)
  async remotes(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RemotesManifest> {
    return this.inForce.manifestFor(await this.bucketOf(request, response));
  }

  private async bucketOf(request: Request, response: Response): Promise<number> {
    const all = this.inForce.all;
    if (!Object.values(all).some((remote) => remote.canary)) return 0;
    const cookies = request.cookies as Record<string, string | undefined> | undefined;
    if (cookies?.[SESSION_COOKIE]) {
      const sessions = this.modules.get(SessionCookieAuth, { strict: false });
      const user = await sessions.userOf(request).catch(() => null);
      if (user) return userBucket(user.id);
    }
    return browserBucket(request, response, this.config.publicUrl.startsWith('https://'));
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
