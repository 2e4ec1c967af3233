import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { parseBanListEx } from '@outpost/rcon';
import type { CommandCompletedEvent } from '../../core/events';
import { DomainEvents } from '../../core/events';
import { CommandRecord } from '../commands';
import { knownPlayers, settlePlayerStatus } from '../players';
import { GameServer } from '../servers';
import { addToPlayerTotal } from '../tenancy';
import { PunishmentRecord } from './punishment.entity';

/** The game's console command that lists its bans with names, notes and expiry. */
export const BANLIST_COMMAND = 'banlistex';
export const IMPORTED_BAN_REASON = "From the server's own ban list";

/**
 * Stores a server's own ban list as bans of that server when a `banlistex` answer arrives (asked by
 * POST /api/servers/{id}/punishments/import, or typed in the console), whoever ran it: the plugin,
 * the bridge or the panel's RCON connection. Idempotent: a player the server's list names who is
 * already banned there (imported before, or banned from the panel) gets nothing new. An imported
 * ban names no panel user (issuedBy null). A player the network never saw is added, named as the
 * list names them.
 */
@Injectable()
export class BanListImport implements OnModuleInit {
  private readonly logger = new Logger('BanListImport');

  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.on('command.completed', async (event) => {
      await this.onCompleted(event);
    });
  }

  /** The number of bans it stored. */
  async onCompleted(event: CommandCompletedEvent): Promise<number> {
    if (event.type !== 'console' || event.status !== 'succeeded' || !event.output) return 0;
    const em = this.em.fork();
    const command = await em.findOne(CommandRecord, { id: event.commandId });
    if (!command || !('command' in command.payload)) return 0;
    if (command.payload.command.trim().toLowerCase() !== BANLIST_COMMAND) return 0;
    const stored = await this.store(event.networkId, event.serverId, event.output, event.at);
    if (stored > 0)
      this.events.emit('punishment.changed', {
        networkId: event.networkId,
        serverId: event.serverId,
        punishmentId: null,
      });
    return stored;
  }

  private async store(networkId: string, serverId: string, output: string, now: Date): Promise<number> {
    const list = parseBanListEx(output);
    if (list.unreadable) this.logger.warn(`banlistex of ${serverId}: ${list.unreadable} line(s) not read`);
    const entries = list.entries.filter(
      (entry) => entry.expiresAt === null || entry.expiresAt > now.getTime(),
    );
    if (entries.length === 0) return 0;
    return this.em.fork().transactional(async (em) => {
      if (!(await em.findOne(GameServer, { id: serverId, networkId }))) return 0;
      const steamIds = entries.map((entry) => entry.steamId);
      // Any ban of the player that names this server or the network, not lifted: already known.
      const known = await em.find(
        PunishmentRecord,
        {
          networkId,
          steamId: { $in: steamIds },
          type: 'ban',
          liftedAt: null,
          $or: [{ serverId }, { scope: 'network' }],
        },
        { fields: ['steamId'] },
      );
      const banned = new Set(known.map((ban) => ban.steamId));
      const fresh = entries.filter((entry) => !banned.has(entry.steamId));
      if (fresh.length === 0) return 0;
      // Players first (the punishments reference them by a plain id, which orders no inserts).
      const { bySteamId, created } = await knownPlayers(em, networkId, fresh, now);
      for (const entry of fresh) {
        const player = bySteamId.get(entry.steamId);
        if (!player) continue;
        em.create(PunishmentRecord, {
          networkId,
          playerId: player.id,
          steamId: entry.steamId,
          type: 'ban',
          reason: (entry.reason ?? IMPORTED_BAN_REASON).slice(0, 500),
          issuedAt: now,
          expiresAt: entry.expiresAt === null ? null : new Date(entry.expiresAt),
          serverId,
          scope: 'server',
        });
        if (player.currentServerId === serverId) settlePlayerStatus(player, true);
      }
      await em.flush();
      // The network's kept player total (as the heartbeat keeps it).
      await addToPlayerTotal(em, networkId, created);
      return fresh.length;
    });
  }
}
