import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type {
  CommandResultRequest,
  CommandResultResponse,
  PluginCommand,
  PluginCommandType,
} from '@outpost/contracts';
import { PreparedStatement, type StoredDate } from '../../core/database/prepared-statement';
import { DomainEvents } from '../../core/events';
import { CommandSignal } from './command-signal';
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
   returning id, type, payload, created_at`,
);

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
  ) {}

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

  /** The server's undone commands (pending or delivered), for the heartbeat's answer. */
  openFor(em: EntityManager, serverId: string): Promise<CommandRecord[]> {
    return em.find(CommandRecord, { serverId, status: { $in: [...OPEN_COMMAND_STATUSES] } });
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
    const rows = await CLAIM.rows(this.em, [now, serverId]);
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
      status,
      output: result.output ?? null,
      at: now,
    });
    return { id: command.id, status };
  }
}
