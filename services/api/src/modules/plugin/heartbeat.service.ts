import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { HeartbeatResponse, PluginCommand, ServerStatus } from '@outpost/contracts';
import { distinctSteamIds, type HeartbeatInput } from '@outpost/validation';
import { KeyedQueue, lockUntilCommit } from '../../core/concurrency';
import { invalidField } from '../../core/http';
import { PreparedStatement, retryOnConflict } from '../../core/database';
import { DomainEvents, type PlayersMovedEvent } from '../../core/events';
import { type CommandRecord, CommandsService, toPluginCommand } from '../commands';
import { type HeldBan, PresenceService } from '../players';
import {
  type PluginServer,
  recordServerReport,
  type ReportedServerState,
  ServersService,
  type StatusTransition,
  SteadyHeartbeats,
} from '../servers';
import type { PluginCaller } from './plugin-auth.guard';
import { invalidServerToken } from './plugin.errors';
import { heartbeatLock } from './heartbeat-lock';
import { PluginClock } from './plugin-clock';
import { SettledRosters, statusOf } from './settled-rosters';
import { HEARTBEAT_INTERVAL_SECONDS } from './heartbeat-interval';

export type { HeartbeatResponse };

/** A server's heartbeats waiting behind the one being applied, at most (see heartbeat()). */
const HEARTBEATS_WAITING = 8;

/**
 * The server's status and name as they are now (read under its heartbeat lock, so a status change
 * is seen exactly once), and whether a command waits for it (pending or delivered, as the steady
 * statement counts them): when none does, as nearly always, the full heartbeat has no commands to
 * read.
 */
const SERVER_NOW = new PreparedStatement<{
  status: ServerStatus;
  name: string;
  seen: string | number | Date | null;
  waiting: number | boolean;
  first: number | boolean;
}>(
  `select s.status, s.name, s.last_seen_at as seen, s.last_seen_at is null as first, exists (select 1 from plugin_commands c
      where c.server_id = s.id and c.status in ('pending', 'delivered')) as waiting
    from servers s where s.id = ?`,
);

/** The server's own state from a heartbeat. */
const serverStateOf = (input: HeartbeatInput): ReportedServerState => ({
  status: statusOf(input),
  playerCount: input.players.length,
  maxPlayers: input.maxPlayers,
  map: input.map ?? null,
  actualName: input.hostname ?? null,
  uptime: input.uptimeSeconds ?? null,
});

@Injectable()
export class HeartbeatService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: PluginClock,
    private readonly settled: SettledRosters,
    private readonly steady: SteadyHeartbeats,
    private readonly servers: ServersService,
    private readonly commands: CommandsService,
    private readonly presence: PresenceService,
    private readonly events: DomainEvents,
  ) {}

  /** A server's heartbeats (by its token), one applied at a time. */
  private readonly applying = new KeyedQueue<HeartbeatResponse>(HEARTBEATS_WAITING);

  /**
   * A heartbeat, applied once those of its server before it are. Each reports the server's whole
   * state, so a flood is cut short without refusing any: past HEARTBEATS_WAITING, a new one takes
   * the last one's place, and that one's caller gets its answer. The key has the secret's hash
   * too: heartbeats share an answer only with the same token.
   */
  heartbeat(caller: PluginCaller, input: HeartbeatInput): Promise<HeartbeatResponse> {
    const { tokenId, secretHash } = caller.token;
    return this.applying.run(`${tokenId}:${secretHash}`, () => this.apply(caller, input));
  }

  /**
   * A heartbeat: the steady path when it reports exactly the players the server's last full
   * heartbeat stored (a live server's usual case, two heartbeats out of three), else the full one.
   * The steady path checks the token in its statement; the full one reads the token's server
   * first (when the guard has not). The players must be distinct, which the schema cannot say:
   * checked here, where a roster the same as the settled one (distinct when it was stored) needs
   * no check.
   */
  private async apply(caller: PluginCaller, input: HeartbeatInput): Promise<HeartbeatResponse> {
    const now = this.clock.now();
    const settled = this.settled.steadyServerOf(caller.token, input.players, now);
    if (!settled) {
      const duplicate = distinctSteamIds(input);
      if (duplicate) throw invalidField(duplicate);
    }
    if (settled && (await this.storeSteadyState(caller, input, now))) {
      this.reported(settled, input, now);
      return { commands: [], nextHeartbeatSeconds: HEARTBEAT_INTERVAL_SECONDS };
    }
    this.settled.forget(caller.token);
    const server = caller.server ?? (await this.servers.findByToken(caller.token));
    if (!server) throw invalidServerToken();
    const response = await retryOnConflict(() => this.fullHeartbeat(server, input, now));
    if (response.settles) this.settled.remember(caller.token, server, input.players, now);
    this.reported(server, input, now);
    return response.answer;
  }

  /** Publishes `server.reported` and `server.positions` for a stored heartbeat. */
  private reported(server: { id: string; networkId: string }, input: HeartbeatInput, now: Date): void {
    this.events.emit('server.reported', {
      networkId: server.networkId,
      serverId: server.id,
      status: statusOf(input),
      playerCount: input.players.length,
      maxPlayers: input.maxPlayers,
      at: now,
      fps: input.fps ?? null,
      entities: input.entities ?? null,
      memoryMb: input.memoryMb ?? null,
      queued: input.queued ?? null,
      networkIn: input.networkIn ?? null,
      networkOut: input.networkOut ?? null,
    });
    this.events.emit('server.positions', {
      networkId: server.networkId,
      serverId: server.id,
      at: now,
      worldSize: input.worldSize ?? null,
      seed: input.seed ?? null,
      map: input.map ?? null,
      players: input.players,
    });
  }

  /**
   * The steady path: stores the server's state (with the other steady heartbeats of the moment)
   * and answers whether no command is waiting for it (a ban or kick of one of its players always
   * queues one). When one is, or the token or the server's status no longer holds, the full path
   * runs.
   */
  private storeSteadyState(caller: PluginCaller, input: HeartbeatInput, now: Date): Promise<boolean> {
    return this.steady.store({
      token: caller.token,
      ...serverStateOf(input),
      at: this.em.getPlatform().processDateProperty(now) as Date | number,
    });
  }

  /**
   * The full heartbeat, in one transaction: the players' presence (players/), a kick queued for
   * each banned player present, the server's state (servers/), and the commands to deliver
   * (commands/).
   */
  private async fullHeartbeat(
    server: PluginServer,
    input: HeartbeatInput,
    now: Date,
  ): Promise<{ answer: HeartbeatResponse; settles: boolean }> {
    let settles = false;
    let superseded = false;
    let moved: Omit<PlayersMovedEvent, 'networkId' | 'serverId'> = { joined: [], left: [] };
    let changed = null as (StatusTransition & { name: string; firstReport: boolean }) | null;
    const commands = await this.em.transactional(async (em) => {
      // After this server's heartbeat in another panel process, if one is running (and after the
      // offline sweep's change of it): this one then reads what that one stored, and the two never
      // wait on each other's rows (a deadlock).
      await lockUntilCommit(em, heartbeatLock(server.id));
      const [current] = await SERVER_NOW.rows(em, [server.id]);
      if (!current) throw invalidServerToken();
      // A newer heartbeat of this server was applied while this one waited (in another panel
      // process): this one is superseded, and nothing older is written over newer. A wait is
      // shorter than a heartbeat's interval; a last-seen time further ahead is a clock that
      // jumped, not a newer heartbeat, and this one is applied.
      const ahead = current.seen === null ? 0 : new Date(current.seen).getTime() - now.getTime();
      if (ahead > 0 && ahead < HEARTBEAT_INTERVAL_SECONDS * 1000) {
        superseded = true;
        return [];
      }
      const { waiting } = current;
      const queued = waiting ? await this.commands.openFor(em, server.id, now) : [];
      const presence = await this.presence.applyRoster(em, server, input.players, now);
      // A retried transaction starts over.
      moved = { joined: presence.joined, left: presence.left };
      const kicks = this.kickBanned(em, server, input, presence.bans, queued, now);
      const transition = await recordServerReport(em, server, serverStateOf(input), now, current.status);
      // A retried transaction starts over.
      changed = transition && { ...transition, name: current.name, firstReport: Boolean(current.first) };
      const deliver = [...queued, ...kicks];
      await this.commands.markDelivered(em, queued, kicks, now);
      await em.flush();
      await this.presence.addToNetworkTotal(em, server.networkId, presence.created);
      // Every reported player is now stored as online here with an open session, none banned.
      settles = presence.bans.size === 0 && deliver.length === 0;
      return deliver;
    });
    if (superseded)
      return { answer: { commands: [], nextHeartbeatSeconds: HEARTBEAT_INTERVAL_SECONDS }, settles };
    if (changed)
      this.events.emit('server.statusChanged', {
        networkId: server.networkId,
        serverId: server.id,
        serverName: changed.name,
        from: changed.from,
        to: changed.to,
        firstReport: changed.firstReport,
        at: now,
      });
    if (moved.joined.length || moved.left.length)
      this.events.emit('players.moved', { networkId: server.networkId, serverId: server.id, ...moved });
    return {
      answer: {
        commands: commands
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((command): PluginCommand => toPluginCommand(command)),
        nextHeartbeatSeconds: HEARTBEAT_INTERVAL_SECONDS,
      },
      settles,
    };
  }

  /** A banned player on this server gets a kick, unless one is already on its way. */
  private kickBanned(
    em: EntityManager,
    server: PluginServer,
    input: HeartbeatInput,
    bans: ReadonlyMap<string, HeldBan>,
    queued: CommandRecord[],
    now: Date,
  ): CommandRecord[] {
    const kicks: CommandRecord[] = [];
    for (const { steamId } of input.players) {
      const ban = bans.get(steamId);
      if (!ban) continue;
      if (
        queued.some(
          (c) =>
            'steamId' in c.payload &&
            c.payload.steamId === steamId &&
            (c.type === 'kick' || c.type === 'ban'),
        )
      )
        continue;
      kicks.push(
        this.commands.queue(em, {
          networkId: server.networkId,
          serverId: server.id,
          type: 'kick',
          payload: { steamId, reason: `Banned: ${ban.reason}` },
          createdAt: now,
        }),
      );
    }
    return kicks;
  }
}
