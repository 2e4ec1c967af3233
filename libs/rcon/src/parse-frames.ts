import type { NewPluginEvent } from '@outpost/plugin-sdk';
import type { RconFrame } from './wire';

/**
 * What the server says on its own, turned into plugin events. Every frame that is not the reply
 * to a command comes here; a frame none of these formats match is kept as a console event (only an
 * empty one is dropped: the protocol has no blank line).
 *
 * | frame | format (example) | event |
 * |---|---|---|
 * | Type `Chat`, Message JSON | `{"Channel":0,"Message":"hi","UserId":"76561198000000001","Username":"Rex","Color":"#5af","Time":1764072000}`; Channel 0 global, 1 team (2 server, 3 cards, 4 local, 5 clan: global) | chat |
 * | Type `Chat` from the server itself | UserId `"0"`, Username `SERVER` (what `say`, kick and ban announce) | console `[CHAT] SERVER: ...` |
 * | Type `Report`, Message JSON | `{"PlayerId":"7656…1","PlayerName":"Rex","TargetId":"7656…2","TargetName":"Bob","Subject":"aimbot","Message":"...","Type":"cheat"}` (F7) | report |
 * | join line | `203.0.113.10:61001/76561198000000001/Rex joined [windows/76561198000000001]` | connect |
 * | disconnect line | `203.0.113.10:61001/76561198000000001/Rex disconnecting: closing` | disconnect |
 * | kill line | `Bob[1234568/76561198000000002] was killed by Rex[1234567/76561198000000001]` | kill |
 * | deaths without a player killer | `Bob[1234568/7656…2] was killed by bear`, `... died (Fall)`, `... was suicide by Suicide`, NPC killers (id below 7×10^16) | console |
 * | the log's echo of a chat message | `[CHAT] Rex[76561198000000001] : hi`, `[TEAM CHAT] …`, `[CHAT] SERVER : hi` (Type Generic) | none: its Chat frame is the event |
 * | anything else | Type Generic / Warning / Error | console, level info / warning / error |
 *
 * Sources: Facepunch/webrcon (js/chat.js parses Chat frames' Message as JSON); decompiled Rust
 * (Chat.ChatEntry, Chat.ChatChannel, FeedbackReport); the join, disconnect and death lines as
 * RCON tools and Oxide plugins match them (e.g. `^(ip):(port)/(steamid)/(name) joined \[(os)/(id)\]$`).
 */
export const frameToEvent = (frame: RconFrame): NewPluginEvent | null => {
  if (frame.Type === 'Chat') return chatEvent(frame.Message) ?? consoleEvent(frame.Message, 'info');
  if (frame.Type === 'Report') return reportEvent(frame.Message) ?? consoleEvent(frame.Message, 'info');
  const level = frame.Type === 'Error' ? 'error' : frame.Type === 'Warning' ? 'warning' : 'info';
  if (level === 'info' && CHAT_ECHO.test(frame.Message.trim())) return null;
  return lineEvent(frame.Message) ?? consoleEvent(frame.Message, level);
};

/**
 * The line the game writes to its log for every chat message (Chat.sayAs and Chat.Broadcast log
 * `[CHAT] Name[steamId] : text`, `[TEAM CHAT] …`, `[CHAT] SERVER : text`), which WebRCON sends as a
 * Generic frame beside the message's own Chat frame. Kept, it was the same chat line twice in Logs.
 */
const CHAT_ECHO = /^\[(?:[A-Z]+ )?CHAT\] .* : /s;

/** A real player's SteamID64 (Rust refuses ids below 7×10^16 as "not a 64bit steamid"; NPCs have small ids). */
export const isPlayerSteamId = (id: string): boolean =>
  /^\d{17,20}$/.test(id) && BigInt(id) >= 70_000_000_000_000_000n;

const clip = (text: string, max: number): string => text.replace(/\0/g, '').trim().slice(0, max);

const consoleEvent = (message: string, level: 'info' | 'warning' | 'error'): NewPluginEvent | null => {
  const text = clip(message, 4000);
  return text ? { type: 'console', level, message: text } : null;
};

const parseObject = (text: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

const chatEvent = (message: string): NewPluginEvent | null => {
  const entry = parseObject(message);
  if (!entry) return null;
  const steamId = text(entry.UserId);
  const said = clip(text(entry.Message), 1000);
  const name = clip(text(entry.Username), 100);
  if (!isPlayerSteamId(steamId))
    return said ? consoleEvent(`[CHAT] ${name || 'SERVER'}: ${said}`, 'info') : null;
  if (!said) return null;
  return {
    type: 'chat',
    steamId,
    ...(name ? { name } : {}),
    channel: entry.Channel === 1 ? 'team' : 'global',
    message: said,
  };
};

const reportEvent = (message: string): NewPluginEvent | null => {
  const report = parseObject(message);
  if (!report) return null;
  const reporterSteamId = text(report.PlayerId);
  const targetSteamId = text(report.TargetId);
  if (!/^\d{5,20}$/.test(reporterSteamId) || !/^\d{5,20}$/.test(targetSteamId)) return null;
  const subject = clip(text(report.Subject), 200);
  const category = clip(text(report.Type), 64);
  const body = clip(text(report.Message), 1000) || subject || category;
  const reporterName = clip(text(report.PlayerName), 100);
  const targetName = clip(text(report.TargetName), 100);
  if (!body) return null;
  return {
    type: 'report',
    reporterSteamId,
    targetSteamId,
    ...(reporterName ? { reporterName } : {}),
    ...(targetName ? { targetName } : {}),
    ...(subject ? { subject } : {}),
    message: body,
    ...(category ? { category } : {}),
  };
};

const JOIN = /^(\S+):(\d+)\/(\d{5,20})\/(.+) joined \[[^/\]]*\/\d+\]\s*$/;
const DISCONNECT = /^(\S+):(\d+)\/(\d{5,20})\/(.+?) disconnecting: ?(.*)$/;
const KILL = /^(.+)\[(\d+)\/(\d{5,20})\] was killed by (.+)\[(\d+)\/(\d{5,20})\]\s*$/;

const stripBrackets = (ip: string): string => ip.replace(/^\[(.*)\]$/, '$1');

const lineEvent = (message: string): NewPluginEvent | null => {
  const line = message.trim();
  const join = JOIN.exec(line);
  if (join) {
    const name = clip(join[4], 100);
    return {
      type: 'connect',
      steamId: join[3],
      ...(name ? { name } : {}),
      ip: clip(stripBrackets(join[1]), 64),
    };
  }
  const leave = DISCONNECT.exec(line);
  if (leave) {
    const reason = clip(leave[5], 200);
    return { type: 'disconnect', steamId: leave[3], ...(reason ? { reason } : {}) };
  }
  const kill = KILL.exec(line);
  if (kill && isPlayerSteamId(kill[3]) && isPlayerSteamId(kill[6]))
    return { type: 'kill', victimSteamId: kill[3], killerSteamId: kill[6] };
  return null;
};
