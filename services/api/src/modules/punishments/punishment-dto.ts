import {
  PLUGIN_PLAYER_COMMAND_TYPES,
  type CommandItem,
  type PluginPlayerCommandType,
  type Punishment,
  type PunishmentDelivery,
  type PunishmentItem,
  type PunishmentServerDelivery,
} from '@outpost/contracts';
import { banStateOf } from './ban-rule';
import type { PunishmentRecord } from './punishment.entity';

/** A kick's or warn's delivery, from its command as its sender reads it (CommandsService.toItem). */
export const deliveryOf = (command: CommandItem | undefined): PunishmentDelivery | null =>
  command
    ? {
        status: command.status,
        output: command.output,
        at: command.completedAt ?? command.deliveredAt ?? command.createdAt,
        expiresAt: command.expiresAt,
      }
    : null;

const isPlayerCommand = (type: string): type is PluginPlayerCommandType =>
  (PLUGIN_PLAYER_COMMAND_TYPES as readonly string[]).includes(type);

/** Each command a punishment sent, with its server's name, as the Punishments list shows them. */
export const deliveriesOf = (
  commands: readonly CommandItem[] | undefined,
  servers: ReadonlyMap<string, string>,
): PunishmentServerDelivery[] =>
  (commands ?? []).flatMap((command) => {
    const delivery = deliveryOf(command);
    const serverName = servers.get(command.serverId);
    // A deleted server's commands go with it; the name is read in the same breath.
    return delivery && serverName && isPlayerCommand(command.type)
      ? [{ ...delivery, serverId: command.serverId, serverName, command: command.type }]
      : [];
  });

/** What became of the commands a punishment sent (punishment-deliveries.ts reads them). */
export type SentDeliveries = {
  /** A kick's or warn's one command; null for bans and unbans (their commands are per server). */
  delivery: PunishmentDelivery | null;
  /** Every command it sent, oldest first, each with its server's name. */
  deliveries: PunishmentServerDelivery[];
};

const NOTHING_SENT: SentDeliveries = { delivery: null, deliveries: [] };

/** A punishment as a player's profile lists it. */
export const toPunishmentDto = (
  punishment: PunishmentRecord,
  servers: ReadonlyMap<string, string>,
  now: Date,
  { delivery, deliveries }: SentDeliveries = NOTHING_SENT,
): Punishment => ({
  id: punishment.id,
  type: punishment.type,
  reason: punishment.reason,
  issuedBy: punishment.issuedByName,
  issuedAt: punishment.issuedAt.toISOString(),
  expiresAt: punishment.expiresAt?.toISOString() ?? null,
  active: banStateOf(punishment, now) === 'active',
  serverId: punishment.serverId,
  serverName: punishment.serverId ? (servers.get(punishment.serverId) ?? null) : null,
  delivery,
  deliveries,
});

/** What the Punishments list needs of a row. */
export type PunishmentListRow = Pick<
  PunishmentRecord,
  | 'id'
  | 'type'
  | 'steamId'
  | 'reason'
  | 'issuedById'
  | 'issuedByName'
  | 'issuedAt'
  | 'expiresAt'
  | 'liftedAt'
  | 'scope'
  | 'serverId'
> & { playerName: string | null; serverName: string | null };

/** A row of the Punishments area, its state and time left at `now`. */
export const toPunishmentItem = (
  row: PunishmentListRow,
  now: Date,
  { delivery, deliveries }: SentDeliveries = NOTHING_SENT,
): PunishmentItem => {
  const state = banStateOf(row, now);
  return {
    id: row.id,
    kind: row.type === 'unban' ? 'ban' : row.type,
    player: { steamId: row.steamId, name: row.playerName },
    reason: row.reason,
    issuedBy: row.issuedByName ? { id: row.issuedById ?? '', name: row.issuedByName } : null,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    timeLeftSeconds:
      state === 'active' && row.expiresAt
        ? Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000))
        : null,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    scope: row.scope,
    serverId: row.serverId,
    serverName: row.serverName,
    state,
    delivery,
    deliveries,
  };
};
