import { EntityManager } from '@mikro-orm/core';
import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MAP_TRAIL_MINUTES } from '@outpost/contracts';
import { Leadership, type HeldRole } from '../../core/cluster';
import { DomainEvents } from '../../core/events';

export const MAP_RETENTION_INTERVAL_MS = 60_000;
/** Trail points are kept this long (the trails' 15 minutes), then deleted. */
export const MAP_POSITION_RETENTION_MS = MAP_TRAIL_MINUTES * 60_000;

/**
 * Retention of the positions: the leader deletes trail points older than 15 minutes, at once and
 * every minute (so a point lives at most 16 minutes). A deleted server's world, roster and trails
 * go with it (its image by the foreign key).
 */
@Injectable()
export class MapRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private role: HeldRole | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly leadership: Leadership,
    private readonly events: DomainEvents,
  ) {}

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.whileLeader(
      'map retention',
      MAP_RETENTION_INTERVAL_MS,
      () => this.purge(),
      {
        atStart: true,
      },
    );
    this.unsubscribe ??= this.events.on('server.deleted', async ({ target }) => {
      const connection = this.em.fork().getConnection();
      for (const table of ['map_positions', 'map_worlds'])
        await connection.execute(`delete from ${table} where server_id = ?`, [target.id], 'run');
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    const role = this.role;
    this.role = null;
    await role?.drop();
  }

  /** Deletes the trail points past their retention as of `now`; answers how many. */
  async purge(now = new Date()): Promise<number> {
    const { affectedRows } = await this.em
      .fork()
      .getConnection()
      .execute('delete from map_positions where at < ?', [now.getTime() - MAP_POSITION_RETENTION_MS], 'run');
    return affectedRows;
  }
}
