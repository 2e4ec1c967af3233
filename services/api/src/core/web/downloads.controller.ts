import { existsSync } from 'node:fs';
import path from 'node:path';
import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth';
import { InjectConfig, type AppConfig } from '../config';
import { NO_CACHE } from './cache-control';
import { readFresh } from './fresh-files';
import { bridgeDist } from './web-paths';

export const BRIDGE_FILE = 'outpost-bridge.mjs';
export const BRIDGE_NOT_BUILT_MESSAGE = 'outpost-bridge is not built on this panel: run npm run build';

/**
 * The bridge as one file for a game server's machine (`npm run build` writes it), and its SHA-256
 * to check the download against. The names stay the same across versions, so they are revalidated
 * (ETag) rather than cached.
 */
@ApiExcludeController()
@Public()
@Controller('downloads')
export class DownloadsController {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  @Get(BRIDGE_FILE)
  @Header('Cache-Control', NO_CACHE)
  bridge(@Res() response: Response): void {
    const file = path.join(bridgeDist(this.config), BRIDGE_FILE);
    if (!existsSync(file)) return notBuilt(response);
    response.attachment(BRIDGE_FILE);
    response.type('text/javascript; charset=utf-8');
    response.sendFile(file, { cacheControl: false, dotfiles: 'deny' }, (error) => {
      if (error && !response.headersSent) notBuilt(response);
    });
  }

  @Get(`${BRIDGE_FILE}.sha256`)
  @Header('Cache-Control', NO_CACHE)
  bridgeSha256(@Res() response: Response): void {
    const sum = readFresh(path.join(bridgeDist(this.config), `${BRIDGE_FILE}.sha256`));
    if (sum === null) return notBuilt(response);
    response.type('text/plain; charset=utf-8').send(sum);
  }
}

const notBuilt = (response: Response): void => {
  response.status(404).setHeader('Cache-Control', 'no-store');
  response.type('text/plain; charset=utf-8').send(BRIDGE_NOT_BUILT_MESSAGE);
};
