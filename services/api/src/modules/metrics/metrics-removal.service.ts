import { EntityManager } from '@mikro-orm/core';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../../core/events';
import { BUCKET_TABLES } from './metric-buckets';
import { MetricsCollector } from './metrics-collector.service';

const TABLES = Object.values(BUCKET_TABLES).map(({ table }) => table);

/** Whose buckets go: one server's, or every server's of a network. */
export type MetricsScope = { serverId: string } | { networkId: string };

/**
 * A deleted server's buckets go with it, and a deleted network's servers' (the buckets have no
 * foreign key, see the metrics migration; its status changes go by theirs). What this instance
 * gathered of them and not written yet is dropped first. Another instance's last flush of them,
 * or one that failed here, leaves rows of a server that is gone: the retention job deletes those.
 */
@Injectable()
export class MetricsRemoval implements OnModuleInit, OnModuleDestroy {
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly collector: MetricsCollector,
  ) {}

  onModuleInit(): void {
    this.unsubscribe.push(
      this.events.on('server.deleted', async (event) => {
        await this.remove({ serverId: event.target.id });
      }),
      this.events.on('network.deleted', async (event) => {
        await this.remove({ networkId: event.networkId });
      }),
    );
  }

  onModuleDestroy(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** Deletes the buckets of `scope` in every table; answers how many rows went. */
  async remove(scope: MetricsScope): Promise<number> {
    const [column, id] =
      'serverId' in scope ? ['server_id', scope.serverId] : ['network_id', scope.networkId];
    await this.collector.forget((bucket) =>
      'serverId' in scope ? bucket.serverId === id : bucket.networkId === id,
    );
    // One statement at a time, no transaction: the other listeners of the deletion write too, and
    // on SQLite a second write transaction in this process would wait for the first one blocked.
    const connection = this.em.fork().getConnection();
    let deleted = 0;
    for (const table of TABLES) {
      const { affectedRows } = await connection.execute(
        `delete from ${table} where ${column} = ?`,
        [id],
        'run',
      );
      deleted += affectedRows;
    }
    return deleted;
  }
}
