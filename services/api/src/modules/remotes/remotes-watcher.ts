import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectConfig, type AppConfig } from '../../core/config';
import { RemotesInForce } from '../../core/web';
import { RemotesService } from './remotes.service';

/** How often an instance reads the remotes' settings: a change is served everywhere within 10 s. */
export const REMOTES_READ_EVERY_MS = 5_000;

/**
 * Keeps this instance's RemotesInForce in step with the database, where `npm run panel --
 * remotes:*` writes (from any machine, no restart): read at start and every 5 s.
 */
@Injectable()
export class RemotesWatcher implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Remotes');
  private readonly remotes: RemotesService;
  private timer: NodeJS.Timeout | null = null;
  private failing = false;

  constructor(
    em: EntityManager,
    @InjectConfig() config: AppConfig,
    private readonly inForce: RemotesInForce,
  ) {
    this.remotes = new RemotesService(em, config.remotes);
  }

  async onModuleInit(): Promise<void> {
    await this.read();
    this.timer = setInterval(() => void this.read(), REMOTES_READ_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One read; a database that does not answer keeps what is served (and says so once). */
  async read(): Promise<void> {
    try {
      this.inForce.replace(await this.remotes.inForce());
      if (this.failing) this.logger.log('Remote settings are read again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`Remote settings could not be read: ${(error as Error).message}`);
      this.failing = true;
    }
  }
}
