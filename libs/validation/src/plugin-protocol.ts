// Bodies and the query of the plugin protocol (/api/plugin/v1). Strict: an unknown field is a 400
// naming it, so a plugin that drifts from the protocol finds out at once instead of losing data
// silently. libs/contracts' plugin-protocol.ts says the same in types.
import {
  PLUGIN_COMMANDS_MAX_WAIT_SECONDS,
  RCON_STATES,
  PLUGIN_MAX_EVENTS_PER_BATCH,
  PLUGIN_MAX_HEARTBEAT_PLAYERS,
} from '@outpost/contracts';
import { z } from 'zod';

export const PLUGIN_MESSAGES = {
  steamId: 'steamId must be 5 to 20 digits',
  /** Text the databases store: PostgreSQL refuses the NUL character in it. */
  nul: 'Text must not contain the NUL character',
  blank: (field: string) => `${field} must not be blank`,
  duplicateSteamId: 'players lists a steamId twice',
  wait: `wait must be a whole number of seconds from 0 to ${PLUGIN_COMMANDS_MAX_WAIT_SECONDS}`,
} as const;

const steamId = z.string().regex(/^\d{5,20}$/, PLUGIN_MESSAGES.steamId);
const NO_NUL = /^[^\u0000]*$/;
const shortText = (max: number) => z.string().trim().max(max).regex(NO_NUL, PLUGIN_MESSAGES.nul);
const count = z.number().int().min(0);
/** Stored in a 32-bit integer column (a server's uptime: 68 years). */
const INT32_MAX = 2_147_483_647;
/** A player connected for longer than a year is a clock the plugin got wrong. */
const YEAR_SECONDS = 366 * 24 * 60 * 60;
const time = z.iso.datetime({ offset: true });

const position = z.strictObject({ x: z.number(), y: z.number(), z: z.number() });

/**
 * The heartbeat's text as the game server reports it (a player's name as the game shows it):
 * bounded, never trimmed, so the heartbeat's schema only validates (it is compiled, see
 * CompiledZodPipe); a name or group must hold more than spaces.
 */
const reportedText = (max: number) => z.string().max(max).regex(NO_NUL, PLUGIN_MESSAGES.nul);
const NOT_BLANK = /\S/;
const reportedName = (field: string, max: number) =>
  reportedText(max).regex(NOT_BLANK, PLUGIN_MESSAGES.blank(field));

const heartbeatPlayer = z.strictObject({
  steamId,
  name: reportedName('name', 100),
  ip: reportedText(64).optional(),
  ping: count.max(100_000).optional(),
  position: position.optional(),
  connectedSeconds: count.max(YEAR_SECONDS).optional(),
  /** Permission groups on the game server (admin, moderator, vip, default ...). */
  groups: z.array(reportedName('group', 32)).max(20).optional(),
});

/**
 * A heartbeat; its players must also have distinct steamIds (distinctSteamIds, checked by
 * HeartbeatService: a roster the same as the one it settled on needs no check).
 */
export const heartbeatSchema = z.strictObject({
  hostname: reportedText(300).optional(),
  map: reportedText(200).optional(),
  worldSize: count.optional(),
  seed: z.number().int().optional(),
  maxPlayers: count.max(10_000),
  fps: z.number().min(0).optional(),
  entities: count.optional(),
  memoryMb: z.number().min(0).optional(),
  /** Players waiting in the queue to join. */
  queued: count.optional(),
  /** Network traffic in bytes per second (WebRCON's serverinfo NetworkIn, NetworkOut). */
  networkIn: z.number().min(0).optional(),
  networkOut: z.number().min(0).optional(),
  uptimeSeconds: count.max(INT32_MAX).optional(),
  version: reportedText(50).optional(),
  /** The server is still loading: it shows as starting, not online. */
  starting: z.boolean().optional(),
  players: z.array(heartbeatPlayer).max(PLUGIN_MAX_HEARTBEAT_PLAYERS),
});

/** A player is online once: the heartbeat's rule that JSON Schema cannot say. */
export const distinctSteamIds = (input: { players: readonly { steamId: string }[] }) => {
  const seen = new Set<string>();
  for (const { steamId: id } of input.players) {
    if (seen.has(id)) return { field: 'players', message: PLUGIN_MESSAGES.duplicateSteamId };
    seen.add(id);
  }
  return undefined;
};

const eventBase = { id: shortText(64).min(1), at: time };

const connectEvent = z.strictObject({
  ...eventBase,
  type: z.literal('connect'),
  steamId,
  name: shortText(100).optional(),
  ip: shortText(64).optional(),
});
const disconnectEvent = z.strictObject({
  ...eventBase,
  type: z.literal('disconnect'),
  steamId,
  reason: shortText(200).optional(),
});
const chatEvent = z.strictObject({
  ...eventBase,
  type: z.literal('chat'),
  steamId,
  name: shortText(100).optional(),
  channel: z.enum(['global', 'team']).default('global'),
  message: shortText(1000).min(1),
});
const killEvent = z.strictObject({
  ...eventBase,
  type: z.literal('kill'),
  killerSteamId: steamId,
  victimSteamId: steamId,
  weapon: shortText(100).optional(),
  distance: z.number().min(0).optional(),
  headshot: z.boolean().default(false),
});
const reportEvent = z.strictObject({
  ...eventBase,
  type: z.literal('report'),
  reporterSteamId: steamId,
  targetSteamId: steamId,
  reporterName: shortText(100).optional(),
  targetName: shortText(100).optional(),
  subject: shortText(200).optional(),
  message: shortText(1000).min(1),
  /** The game's report type (cheat, abusive, name, spam...). */
  category: shortText(64).optional(),
  /** Where the reporter stood. */
  position: position.optional(),
});
const violationEvent = z.strictObject({
  ...eventBase,
  type: z.literal('violation'),
  steamId,
  name: shortText(100).optional(),
  kind: shortText(64).min(1),
  message: shortText(1000).min(1),
  level: z.number().min(0).optional(),
});
const logEvent = z.strictObject({
  ...eventBase,
  type: z.enum(['log', 'console']),
  level: z.enum(['info', 'warning', 'error']).optional(),
  message: shortText(4000).min(1),
});

export const pluginEventSchema = z.discriminatedUnion('type', [
  connectEvent,
  disconnectEvent,
  chatEvent,
  killEvent,
  reportEvent,
  logEvent,
  violationEvent,
]);

export const eventsBatchSchema = z.strictObject({
  events: z.array(pluginEventSchema).min(1).max(PLUGIN_MAX_EVENTS_PER_BATCH),
});

/** ?wait=S: whole seconds, 0 (answer at once) to 30; absent means 0. Other query keys are ignored. */
export const commandsQuerySchema = z.object({
  wait: z
    .string({ error: PLUGIN_MESSAGES.wait })
    .regex(/^\d{1,2}$/, PLUGIN_MESSAGES.wait)
    .transform(Number)
    .pipe(z.number().max(PLUGIN_COMMANDS_MAX_WAIT_SECONDS, PLUGIN_MESSAGES.wait))
    .optional()
    .transform((wait) => wait ?? 0),
});

export const commandResultSchema = z.strictObject({
  ok: z.boolean(),
  output: z.string().max(10_000).optional(),
});

/** An agent's RCON state (outpost-bridge), on every change. */
export const agentStateSchema = z.strictObject({
  state: z.enum(RCON_STATES),
  detail: shortText(500).nullable().optional(),
  since: time,
});

export type HeartbeatInput = z.output<typeof heartbeatSchema>;
export type HeartbeatPlayerInput = HeartbeatInput['players'][number];
export type PluginEventInput = z.output<typeof pluginEventSchema>;
export type EventsBatchInput = z.output<typeof eventsBatchSchema>;
export type CommandResultInput = z.output<typeof commandResultSchema>;
export type CommandsQueryInput = z.output<typeof commandsQuerySchema>;
export type AgentStateInput = z.output<typeof agentStateSchema>;
