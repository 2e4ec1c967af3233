// Logs lines for specs: one of each kind on a server, minutes apart (the first is the oldest).
import type { LogEntry, LogPlayer, Server } from '@outpost/contracts';

export const RUSTY: LogPlayer = { steamId: '76561198000000001', name: 'Rusty' };
export const SNIPER: LogPlayer = { steamId: '76561198000000002', name: 'Sniper' };

/** 11:mm on 5 January 2026 (UTC). */
export const logTime = (minute: number, second = 0) =>
  new Date(Date.UTC(2026, 0, 5, 11, minute, second)).toISOString();

type Where = Pick<Server, 'id' | 'name'>;

const base = (server: Where, id: string, minute: number) => ({
  id,
  serverId: server.id,
  serverName: server.name,
  at: logTime(minute),
});

export const chatLine = (
  server: Where,
  id: string,
  minute: number,
  message: string,
  team = false,
): LogEntry => ({
  ...base(server, id, minute),
  type: 'chat',
  player: RUSTY,
  channel: team ? 'team' : 'global',
  message,
});

/** Every kind of line, oldest first: chat, team chat, join (with an IP), leave, kill, report, console. */
export const everyKindOfLine = (server: Where, prefix = server.id): LogEntry[] => [
  chatLine(server, `${prefix}-chat`, 1, 'hello all'),
  chatLine(server, `${prefix}-team`, 2, 'base at B4', true),
  { ...base(server, `${prefix}-join`, 3), type: 'connect', player: SNIPER, ip: '203.0.113.5' },
  { ...base(server, `${prefix}-leave`, 4), type: 'disconnect', player: RUSTY, reason: 'Disconnected' },
  {
    ...base(server, `${prefix}-kill`, 5),
    type: 'kill',
    player: SNIPER,
    target: RUSTY,
    weapon: 'Bolt Action Rifle',
    distance: 120.4,
    headshot: true,
  },
  {
    ...base(server, `${prefix}-report`, 6),
    type: 'report',
    player: RUSTY,
    target: SNIPER,
    subject: 'Cheating',
    message: 'aimbot for sure',
  },
  {
    ...base(server, `${prefix}-console`, 7),
    type: 'console',
    level: 'warning',
    message: 'Saving 1500 entities',
  },
];
