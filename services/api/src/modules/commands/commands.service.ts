import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import {
  EXPIRING_COMMAND_TYPES,
  type CommandItem,
  type CommandResultRequest,
  type CommandResultResponse,
  type PluginCommand,
  type PluginCommandType,
} from '@outpost/contracts';
import { PreparedStatement, type StoredDate } from '../../core/database';
import { DomainEvents } from '../../core/events';
import { CommandSignal } from './command-signal';
import { CommandTtl } from './command-ttl';
import { CommandRecord, OPEN_COMMAND_STATUSES, type CommandPayload } from './command.entity';
import { commandErrors } from './commands.errors';

/** A command to queue for one server. */
export type NewCommand = {
  networkId: string;
  serverId: string;
  type: PluginCommandType;
  payload: CommandPayload;
  punishmentId?: string | null;
  /** Who sent it from the panel; absent for the panel's own. */
  issuedBy?: { id: string; name: string } | null;
  createdAt: Date;
};

type ClaimedRow = { id: string; type: PluginCommandType; payload: string; created_at: StoredDate };

/**
 * The long-poll's hand-out: every pending command of the server becomes delivered, atomically, so
 * two long-polls (or a long-poll and a heartbeat) never hand out the same command.
 */
const CLAIM = new PreparedStatement<ClaimedRow>(
  `update plugin_commands set status = 'delivered', delivered_at = ?
   where server_id = ? and status = 'pending'
     and (type not in (${EXPIRING_COMMAND_TYPES.map((type) => `'${type}'`).join(', ')}) or created_at > ?)
   returning id, type, payload, created_at`,
);

/** Expired commands settled by one statement of the sweep, at most. */
const EXPIRE_BATCH = 200;

const isExpiring = (type: PluginCommandType): boolean =>
  (EXPIRING_COMMAND_TYPES as readonly string[]).includes(type);

const timeOf = (value: StoredDate): number => new Date(value).getTime();

/** A command as the plugin protocol carries it. */
export const toPluginCommand = (command: Pick<CommandRecord, 'id' | 'type' | 'payload'>): PluginCommand =>
  ({ id: command.id, type: command.type, ...command.payload }) as PluginCommand;

/**
 * Commands for game servers: queued by moderation and the console, handed out by the heartbeat's
 * answer (every undone one) or the long-poll (each pending one once), completed by the plugin's
 * result, which is published as `command.completed`.
 */
@Injectable()
export class CommandsService {
  constructor(
    private readonly em: EntityManager,
    private readonly signal: CommandSignal,
    private readonly events: DomainEvents,
    private readonly ttl: CommandTtl,
  ) {}

  /** Kicks and warns queued at or before this time have expired at `now`. */
  private expiryCutoff(now: Date): Date {
    return new Date(now.getTime() - this.ttl.seconds * 1000);
  }

  /** When a command expires unless carried out: kicks and warns only. */
  private expiresAtOf(command: Pick<CommandRecord, 'type' | 'createdAt'>): Date | null {
    return isExpiring(command.type) ? new Date(command.createdAt.getTime() + this.ttl.seconds * 1000) : null;
  }

  /**
   * A command as its sender reads it. An open kick or warn past its time is expired already, even
   * before the sweep records it: it is never handed out again.
   */
  toItem(command: CommandRecord, now: Date): CommandItem {
    const expiresAt = this.expiresAtOf(command);
    const open = (OPEN_COMMAND_STATUSES as readonly string[]).includes(command.status);
    const lapsed = open && expiresAt !== null && expiresAt.getTime() <= now.getTime();
    return {
      id: command.id,
      serverId: command.serverId,
      type: command.type,
      status: lapsed ? 'expired' : command.status,
      output: command.output,
      createdAt: command.createdAt.toISOString(),
      deliveredAt: command.deliveredAt?.toISOString() ?? null,
      completedAt: lapsed ? expiresAt.toISOString() : (command.completedAt?.toISOString() ?? null),
      expiresAt: expiresAt?.toISOString() ?? null,
    };
  }

  /** One command of this server (404 for another server's, or an unknown id). */
  async get(serverId: string, commandId: string, now: Date): Promise<CommandItem> {
    const command = await this.em.findOne(CommandRecord, { id: commandId, serverId });
    if (!command) throw commandErrors.notFound();
    return this.toItem(command, now);
  }

  /** One command as its sender reads it, or null (gone): for the live stream. */
  async find(commandId: string, now: Date): Promise<CommandItem | null> {
    const command = await this.em.fork().findOne(CommandRecord, { id: commandId });
    return command ? this.toItem(command, now) : null;
  }

  /** These commands as their senders read them at `now`, by id (gone ones left out). */
  async items(commandIds: readonly string[], now: Date): Promise<Map<string, CommandItem>> {
    if (commandIds.length === 0) return new Map();
    const commands = await this.em.fork().find(CommandRecord, { id: { $in: [...commandIds] } });
    return new Map(commands.map((command) => [command.id, this.toItem(command, now)]));
  }

  /**
   * Every command these punishments sent (a ban's ban, its kick, its unbans; a kick's kick), oldest
   * first (a ban before the kick sent with it), by punishment, as their senders read them at `now`.
   */
  async sentFor(punishmentIds: readonly string[], now: Date): Promise<Map<string, CommandItem[]>> {
    const sent = new Map<string, CommandItem[]>();
    if (punishmentIds.length === 0) return sent;
    const commands = await this.em.find(
      CommandRecord,
      { punishmentId: { $in: [...punishmentIds] } },
      { orderBy: { createdAt: 'asc' } },
    );
    // Sent together (a network ban and its kick): the punishment's own command first.
    const rank = (type: string) => ['ban', 'kick', 'warn', 'unban'].indexOf(type);
    commands.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || rank(a.type) - rank(b.type));
    for (const command of commands) {
      const list = sent.get(command.punishmentId ?? '') ?? [];
      list.push(this.toItem(command, now));
      sent.set(command.punishmentId ?? '', list);
    }
    return sent;
  }

  /**
   * Open kicks and warns past their time become expired (each once, `command.completed` for it):
   * the leader's periodic work (the offline sweep) runs it. Answers how many expired.
   */
  async expire(now: Date): Promise<number> {
    const em = this.em.fork();
    const due = await em.find(
      CommandRecord,
      {
        type: { $in: [...EXPIRING_COMMAND_TYPES] },
        status: { $in: [...OPEN_COMMAND_STATUSES] },
        createdAt: { $lte: this.expiryCutoff(now) },
      },
      { limit: EXPIRE_BATCH, orderBy: { createdAt: 'asc' } },
    );
    let expired = 0;
    for (const command of due) {
      // A result that arrived meanwhile stands.
      const updated = await em.nativeUpdate(
        CommandRecord,
        { id: command.id, status: { $in: [...OPEN_COMMAND_STATUSES] } },
        { status: 'expired', completedAt: now },
      );
      if (updated === 0) continue;
      expired += 1;
      this.events.emit('command.completed', {
        networkId: command.networkId,
        serverId: command.serverId,
        commandId: command.id,
        type: command.type,
        punishmentId: command.punishmentId,
        status: 'expired',
        output: null,
        at: now,
      });
    }
    return expired;
  }

  /**
   * Adds a command to `em`'s unit of work (the caller flushes it with the rest of its change),
   * then `announce` it once committed.
   */
  queue(em: EntityManager, command: NewCommand): CommandRecord {
    const { issuedBy, ...rest } = command;
    return em.create(CommandRecord, {
      ...rest,
      punishmentId: command.punishmentId ?? null,
      issuedById: issuedBy?.id ?? null,
      issuedByName: issuedBy?.name ?? null,
    });
  }

  /** Wakes the long-polls of the servers these committed commands are for. */
  announce(commands: readonly CommandRecord[]): void {
    for (const serverId of new Set(commands.filter((c) => c.status === 'pending').map((c) => c.serverId)))
      this.signal.notify(serverId);
  }

  /** Queues one command on its own and announces it. */
  async send(command: NewCommand): Promise<CommandRecord> {
    const record = this.queue(this.em, command);
    await this.em.flush();
    this.announce([record]);
    return record;
  }

  /**
   * The server's undone commands (pending or delivered), for the heartbeat's answer: kicks and
   * warns past their time are left out (they expire instead).
   */
  openFor(em: EntityManager, serverId: string, now: Date): Promise<CommandRecord[]> {
    const fresh: FilterQuery<CommandRecord> = {
      $or: [{ type: { $nin: [...EXPIRING_COMMAND_TYPES] } }, { createdAt: { $gt: this.expiryCutoff(now) } }],
    };
    return em.find(CommandRecord, { serverId, status: { $in: [...OPEN_COMMAND_STATUSES] }, ...fresh });
  }

  /**
   * The heartbeat hands these out: pending ones become delivered. Commands it read (`loaded`) are
   * updated by a statement that only moves those still pending: the long-poll may have claimed,
   * run and completed one meanwhile, and that outcome must stand. Commands it queued itself
   * (`created`, not yet inserted) are inserted as delivered when the caller flushes.
   */
  async markDelivered(
    em: EntityManager,
    loaded: readonly CommandRecord[],
    created: readonly CommandRecord[],
    now: Date,
  ): Promise<void> {
    for (const command of created) {
      command.status = 'delivered';
      command.deliveredAt = now;
    }
    const pending = loaded.filter((command) => command.status === 'pending').map((command) => command.id);
    if (pending.length)
      await em.nativeUpdate(
        CommandRecord,
        { id: { $in: pending }, status: 'pending' },
        { status: 'delivered', deliveredAt: now },
      );
  }

  /** The long-poll's hand-out: the server's pending commands, oldest first, now delivered. */
  async claim(serverId: string, now: Date): Promise<PluginCommand[]> {
    const rows = await CLAIM.rows(this.em, [now, serverId, this.expiryCutoff(now)]);
    return rows
      .sort((a, b) => timeOf(a.created_at) - timeOf(b.created_at))
      .map((row) => toPluginCommand({ id: row.id, type: row.type, payload: JSON.parse(row.payload) }));
  }

  /** The servers commands of this type for these punishments were sent to. */
  async serversOf(punishmentIds: string[], type: PluginCommandType): Promise<string[]> {
    if (punishmentIds.length === 0) return [];
    const sent = await this.em.find(
      CommandRecord,
      { punishmentId: { $in: punishmentIds }, type },
      { fields: ['serverId'] },
    );
    return sent.map((command) => command.serverId);
  }

  /**
   * Records what the plugin did with a command of its server and publishes `command.completed`;
   * a repeated report of the same command changes nothing.
   */
  async complete(
    serverId: string,
    commandId: string,
    result: CommandResultRequest,
    now: Date,
  ): Promise<CommandResultResponse> {
    const command = await this.em.findOne(CommandRecord, { id: commandId, serverId });
    if (!command) throw commandErrors.notFound();
    if (command.status !== 'pending' && command.status !== 'delivered')
      return { id: command.id, status: command.status };
    // A kick or warn past its time was never to be carried out: its late report changes nothing.
    if (this.toItem(command, now).status === 'expired') return { id: command.id, status: 'expired' };
    const status = result.ok ? 'succeeded' : 'failed';
    const updated = await this.em.nativeUpdate(
      CommandRecord,
      { id: command.id, status: { $in: [...OPEN_COMMAND_STATUSES] } },
      { status, output: result.output ?? null, completedAt: now },
    );
    // Two reports at once: the one that changed the row publishes.
    if (updated === 0) {
      await this.em.refresh(command);
      return { id: command.id, status: command.status };
    }
    this.events.emit('command.completed', {
      networkId: command.networkId,
      serverId,
      commandId: command.id,
      type: command.type,
      punishmentId: command.punishmentId,
      status,
      output: result.output ?? null,
      at: now,
    });
    return { id: command.id, status };
  }
}
