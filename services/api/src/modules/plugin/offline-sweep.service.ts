import { EntityManager } from '@mikro-orm/core';
import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Leadership, type HeldRole } from '../../core/cluster';
import { DomainEvents } from '../../core/events';
import { CommandsService } from '../commands';
import { PresenceService } from '../players';
import { PunishmentExpiry } from '../punishments';
import { markSilentServersOffline, silentServerIds } from '../servers';
import { PluginClock } from './plugin-clock';
import { HEARTBEAT_INTERVAL_SECONDS, MISSED_HEARTBEATS_BEFORE_OFFLINE } from './plugin-schemas';

/** How long a server may stay silent before it counts as offline. */
export const OFFLINE_AFTER_MS = HEARTBEAT_INTERVAL_SECONDS * MISSED_HEARTBEATS_BEFORE_OFFLINE * 1000;

/** Silent servers set offline by one transaction, with their players and sessions. */
const SERVERS_PER_SWEEP_TRANSACTION = 10;

/**
 * Marks a server offline once it missed 3 heartbeats, with its players: their sessions end at
 * the last heartbeat. Runs every heartbeat interval on the leader only (however many instances
 * run, one sweeps; a sweep still running when the next is due is left to finish); tests call
 * `sweep()`.
 */
@Injectable()
export class OfflineSweepService implements OnApplicationBootstrap, OnModuleDestroy {
  private role: HeldRole | null = null;

  constructor(
    private readonly leadership: Leadership,
    private readonly em: EntityManager,
    private readonly clock: PluginClock,
    private readonly events: DomainEvents,
    private readonly expiry: PunishmentExpiry,
    private readonly presence: PresenceService,
    private readonly commands: CommandsService,
  ) {}

  onApplicationBootstrap(): void {
    this.role ??= this.leadership.whileLeader('offline sweep', HEARTBEAT_INTERVAL_SECONDS * 1000, () =>
      this.sweep(),
    );
  }

  /** Sweeps no more here (the app closing; a test that wants no sweep behind its back). */
  async onModuleDestroy(): Promise<void> {
    const role = this.role;
    this.role = null;
    await role?.drop();
  }

  /**
   * The ids of the servers it set offline. Bans that ran out lift themselves too (the servers they
   * reached are told, see PunishmentExpiry), and kicks and warns not carried out in time expire.
   */
  async sweep(): Promise<string[]> {
    const now = this.clock.now();
    await this.expiry.run(now);
    await this.commands.expire(now);
    const cutoff = new Date(now.getTime() - OFFLINE_AFTER_MS);
    const ids = await silentServerIds(this.em.fork(), cutoff);
    // A few servers per transaction: when many fall silent at once (the panel was down, a host
    // lost its network), each transaction still holds its players' rows only briefly.
    const offline: string[] = [];
    for (let start = 0; start < ids.length; start += SERVERS_PER_SWEEP_TRANSACTION) {
      const servers = await this.setOffline(
        ids.slice(start, start + SERVERS_PER_SWEEP_TRANSACTION),
        cutoff,
        now,
      );
      for (const server of servers) {
        offline.push(server.id);
        this.events.emit('server.wentOffline', {
          networkId: server.networkId,
          serverId: server.id,
          maxPlayers: server.maxPlayers,
          at: now,
        });
      }
    }
    return offline;
  }

  /**
   * These servers offline, those still silent (one may have reported meanwhile), with their
   * players and open sessions (players/); answers those it set offline.
   */
  private setOffline(
    ids: string[],
    cutoff: Date,
    now: Date,
  ): Promise<{ id: string; networkId: string; maxPlayers: number }[]> {
    return this.em.fork().transactional(async (em) => {
      const silent = await markSilentServersOffline(em, ids, cutoff);
      if (silent.length === 0) return [];
      await this.presence.leaveServers(em, silent, now);
      await em.flush();
      return silent.map(({ id, networkId, maxPlayers }) => ({ id, networkId, maxPlayers }));
    });
  }
}
