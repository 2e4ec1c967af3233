import type { StoredServerEvent } from '../../core/events';
import { parseAntiHackLine } from '../suspicious';
import { isPlayerSteamId, type Happening } from './trigger-match';

/** A stored chat line, violation or AntiHack console line as a happening (null for anything else). */
export const happeningOf = (
  event: StoredServerEvent & { networkId: string; serverId: string },
  serverName: string,
): Happening | null => {
  const payload = event.payload as Record<string, unknown>;
  const base = {
    networkId: event.networkId,
    serverId: event.serverId,
    serverName,
    at: event.at,
    key: event.id,
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (event.type === 'chat') {
    if (!isPlayerSteamId(event.steamId)) return null;
    return {
      ...base,
      event: 'chat.message',
      player: { steamId: event.steamId, name: text(payload.name) || event.steamId },
      message: text(payload.message),
      channel: payload.channel === 'team' ? 'team' : 'global',
    };
  }
  if (event.type === 'violation') {
    if (!isPlayerSteamId(event.steamId)) return null;
    return {
      ...base,
      event: 'violation',
      player: { steamId: event.steamId, name: text(payload.name) || event.steamId },
      message: `${text(payload.kind)} ${text(payload.message)}`.trim(),
    };
  }
  if (event.type === 'console' || event.type === 'log') {
    const line = parseAntiHackLine(text(payload.message));
    if (!line) return null;
    return {
      ...base,
      event: 'violation',
      player: { steamId: line.steamId, name: line.name },
      message: line.level === null ? line.kind : `${line.kind} (violation level ${line.level})`,
    };
  }
  return null;
};
