import type { AutomationEvent, AutomationTrigger } from '@outpost/contracts';
import type { RunContext } from './automation.entity';

/**
 * Something the panel saw that a trigger may answer: the same shape whether it happens now (the
 * listeners) or is replayed from the Logs (a dry run), so both judge it with the same rules.
 */
export type Happening = {
  event: AutomationEvent;
  networkId: string;
  serverId: string;
  serverName: string;
  at: Date;
  /** What makes it this one happening: the event's id, the heartbeat's time. */
  key: string;
  player?: { steamId: string; name: string };
  /** chat.message: the line and its channel. */
  message?: string;
  channel?: 'global' | 'team';
  /** player.joined: whether it is the player's first time on the network (null: not known). */
  firstTime?: boolean | null;
  /** report.received: its category, and how many reports name the player in the trigger's window. */
  category?: string | null;
  /** players.count: the count now and before; suspicious.score: the score now and before. */
  value?: number;
  previous?: number | null;
};

/** A SteamID64: chat from the server itself (its `say`, SERVER) names none and never fires a trigger. */
export const isPlayerSteamId = (steamId: string | null | undefined): steamId is string =>
  typeof steamId === 'string' && /^\d{17}$/.test(steamId);

const compiled = new Map<string, RegExp>();
/** Patterns are checked when saved (200 characters, no catastrophic backtracking); matched case-insensitively. */
const regexOf = (pattern: string): RegExp => {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern, 'iu');
    if (compiled.size > 5_000) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
};

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const clocks = new Map<string, Intl.DateTimeFormat>();
/** A zone's 24-hour clock, made once per zone (a formatter is costly to make on every event). */
const clockIn = (timeZone: string): Intl.DateTimeFormat => {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
};

/** Whether `at` falls in the window (local times in its zone; from > to spans midnight). */
export const withinWindow = (window: { from: string; to: string; timezone: string }, at: Date): boolean => {
  const parts = clockIn(window.timezone).formatToParts(at);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  const now = hour * 60 + minute;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  return from <= to ? now >= from && now < to : now >= from || now < to;
};

/** What a matched happening lets the actions name. */
export type Match = { context: RunContext; summary: string };

/**
 * Whether the trigger answers this happening, judged on what the happening carries (who is on the
 * watch list and who linked their Discord is the caller's to say). Null when it does not.
 */
export const matchTrigger = (
  trigger: AutomationTrigger,
  happening: Happening,
  people: { watched: (steamId: string) => boolean; linked: (steamId: string) => boolean },
): Match | null => {
  if (trigger.event !== happening.event) return null;
  if (trigger.between && !withinWindow(trigger.between, happening.at)) return null;
  const player = happening.player;
  if (trigger.watched != null) {
    if (!player || people.watched(player.steamId) !== trigger.watched) return null;
  }
  if (trigger.linked != null) {
    if (!player || people.linked(player.steamId) !== trigger.linked) return null;
  }
  if (trigger.event === 'chat.message') {
    if (!player || happening.message === undefined) return null;
    if (trigger.channel && happening.channel !== trigger.channel) return null;
    if (!regexOf(trigger.pattern).test(happening.message)) return null;
  }
  // Made once the trigger answers (most chat lines answer none of a network's patterns).
  const context: RunContext = { server: { name: happening.serverName } };
  if (player) context.player = player;
  const who = player?.name || player?.steamId || 'A player';
  switch (trigger.event) {
    case 'player.joined': {
      if (!player) return null;
      if (trigger.firstTime != null && happening.firstTime !== trigger.firstTime) return null;
      if (trigger.namePattern) {
        const found = regexOf(trigger.namePattern).exec(player.name);
        if (!found) return null;
        context.match = [...found].map((group) => group ?? '');
      }
      return { context, summary: `${who} joined${happening.firstTime ? ' for the first time' : ''}` };
    }
    case 'player.left':
      return player ? { context, summary: `${who} left` } : null;
    case 'chat.message': {
      if (!player || happening.message === undefined) return null;
      if (trigger.channel && happening.channel !== trigger.channel) return null;
      const found = regexOf(trigger.pattern).exec(happening.message);
      if (!found) return null;
      context.match = [...found].map((group) => group ?? '');
      return { context, summary: `${who} said “${happening.message.slice(0, 200)}”` };
    }
    case 'report.received': {
      if (trigger.category && (happening.category ?? '').toLowerCase() !== trigger.category.toLowerCase())
        return null;
      const needed = trigger.count ?? 1;
      const count = happening.value ?? 1;
      // Fires once, as the count reaches what the trigger asks (not again for each report after).
      if (needed > 1 && count !== needed) return null;
      context.count = count;
      const about = player ? ` on ${who}` : '';
      return {
        context,
        summary:
          needed > 1
            ? `${count} reports${about} within ${trigger.windowMinutes ?? 10} minutes`
            : `A report${about}${happening.category ? ` (${happening.category})` : ''}`,
      };
    }
    case 'violation':
      return player ? { context, summary: `AntiHack: ${who} ${happening.message ?? ''}`.trim() } : null;
    case 'suspicious.score': {
      const value = happening.value ?? 0;
      const previous = happening.previous ?? 0;
      if (!(previous < trigger.threshold && value >= trigger.threshold)) return null;
      context.count = value;
      return { context, summary: `${who}'s suspicious score reached ${value}` };
    }
    case 'players.count': {
      const value = happening.value ?? 0;
      const previous = happening.previous;
      if (previous === null || previous === undefined) return null;
      context.count = value;
      if (trigger.above != null && previous <= trigger.above && value > trigger.above)
        return { context, summary: `${value} players (above ${trigger.above})` };
      if (trigger.below != null && previous >= trigger.below && value < trigger.below)
        return { context, summary: `${value} players (below ${trigger.below})` };
      return null;
    }
    case 'server.offline':
      return { context, summary: `${happening.serverName} went offline` };
    case 'server.online':
      return { context, summary: `${happening.serverName} came back online` };
  }
};
