import { MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DATABASE_TIMEOUTS } from './orm-options';

/** Readiness answers within the same budget as any request. */
const PING_TIMEOUT_MS = DATABASE_TIMEOUTS.queryMs;

@Injectable()
export class DatabaseHealth {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Runs `select 1` on the current pool. It deliberately does not reconnect (the ORM's query
   * path would): a closed pool, as during shutdown, must read as "not ready".
   */
  async isUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    const ping = this.orm.em
      .getConnection()
      .checkConnection()
      .then((check) => check.ok)
      .catch(() => false);
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
