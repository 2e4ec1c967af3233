import type { EntityManager } from '@mikro-orm/core';
import { AUTOMATION_LIMITS, type DryRunMatch, type DryRunResponse } from '@outpost/contracts';
import { ServerEvent } from '../logs';
import { PlayerRecord } from '../players';
import { ReportRecord } from '../reports';
import { statusChangesSince } from '../servers';
import type { AutomationRecord } from './automation.entity';
import { sentBy } from './render';
import { happeningOf } from './stored-happenings';
import { matchTrigger, type Happening } from './trigger-match';

/** At most this many logged events are replayed (the newest), and this many matches listed. */
const MAX_EVENTS = 20_000;
const MAX_MATCHES = 200;

const EVENT_TYPES: Partial<Record<string, string[]>> = {
  'chat.message': ['chat'],
  violation: ['violation', 'console', 'log'],
  'player.joined': ['connect'],
  'player.left': ['disconnect'],
};

/**
 * What a trigger would have done over the servers' last 24 hours: their logged events replayed
 * through the same rules as live ones (matchTrigger; cooldowns counted as they would have held),
 * and what each action would have sent. Acts on nothing. Player counts and suspicious scores are
 * not logged event by event, so those triggers cannot be replayed (replayable: false).
 */
export const dryRun = async (
  em: EntityManager,
  automation: AutomationRecord,
  servers: readonly { id: string; name: string }[],
  people: { watched: ReadonlySet<string>; linked: ReadonlySet<string> },
  now: Date,
): Promise<DryRunResponse> => {
  const trigger = automation.trigger;
  if (!trigger || servers.length === 0) return { examined: 0, matches: [], replayable: true };
  const since = new Date(now.getTime() - AUTOMATION_LIMITS.dryRunHours * 3_600_000);
  const nameOf = new Map(servers.map((server) => [server.id, server.name]));
  const serverIds = servers.map((server) => server.id);
  const base = (serverId: string, at: Date, key: string) => ({
    networkId: automation.networkId,
    serverId,
    serverName: nameOf.get(serverId) ?? '',
    at,
    key,
  });
  let happenings: Happening[];
  const types = EVENT_TYPES[trigger.event];
  if (types) {
    const events = await em.find(
      ServerEvent,
      { serverId: { $in: serverIds }, type: { $in: types }, at: { $gte: since } },
      { orderBy: { at: 'desc', id: 'desc' }, limit: MAX_EVENTS },
    );
    events.reverse();
    if (trigger.event === 'chat.message' || trigger.event === 'violation')
      happenings = events.flatMap((event) => happeningOf(event, nameOf.get(event.serverId) ?? '') ?? []);
    else {
      const steamIds = [...new Set(events.flatMap((event) => (event.steamId ? [event.steamId] : [])))];
      const players = steamIds.length
        ? await em.find(
            PlayerRecord,
            { networkId: automation.networkId, steamId: { $in: steamIds } },
            { fields: ['steamId', 'displayName', 'firstJoined'] },
          )
        : [];
      const known = new Map(players.map((player) => [player.steamId, player]));
      happenings = events.flatMap((event): Happening[] => {
        if (!event.steamId) return [];
        const player = known.get(event.steamId);
        const name = String(
          (event.payload as { name?: unknown }).name ?? player?.displayName ?? event.steamId,
        );
        return [
          {
            ...base(event.serverId, event.at, event.id),
            event: trigger.event,
            player: { steamId: event.steamId, name },
            firstTime: player ? Math.abs(event.at.getTime() - player.firstJoined.getTime()) < 120_000 : null,
          },
        ];
      });
    }
  } else if (trigger.event === 'report.received') {
    const reports = await em.find(
      ReportRecord,
      { networkId: automation.networkId, serverId: { $in: serverIds }, receivedAt: { $gte: since } },
      { orderBy: { receivedAt: 'asc', id: 'asc' }, limit: MAX_EVENTS },
    );
    const window = (trigger.windowMinutes ?? 10) * 60_000;
    happenings = reports.map((report, index) => ({
      ...base(report.serverId ?? '', report.receivedAt, report.id),
      event: 'report.received' as const,
      ...(report.targetSteamId
        ? { player: { steamId: report.targetSteamId, name: report.targetName ?? report.targetSteamId } }
        : {}),
      category: report.category,
      value: report.targetSteamId
        ? reports
            .slice(0, index + 1)
            .filter(
              (other) =>
                other.targetSteamId === report.targetSteamId &&
                report.receivedAt.getTime() - other.receivedAt.getTime() <= window,
            ).length
        : 1,
    }));
  } else if (trigger.event === 'server.offline' || trigger.event === 'server.online') {
    const changes = await statusChangesSince(em, serverIds, since);
    const previous = new Map<string, string>();
    happenings = [];
    for (const change of changes.sort((a, b) => a.at.getTime() - b.at.getTime())) {
      const before = previous.get(change.serverId);
      previous.set(change.serverId, change.status);
      if (change.at < since || before === undefined) continue;
      const kind =
        change.status === 'offline' ? 'server.offline' : before === 'offline' ? 'server.online' : null;
      if (kind === trigger.event)
        happenings.push({
          ...base(change.serverId, change.at, `${change.serverId}:${change.at.getTime()}`),
          event: kind,
        });
    }
  } else {
    return { examined: 0, matches: [], replayable: false };
  }

  const matches: DryRunMatch[] = [];
  let lastRun = -Infinity;
  const lastByPlayer = new Map<string, number>();
  for (const happening of happenings) {
    const match = matchTrigger(trigger, happening, {
      watched: (steamId) => people.watched.has(steamId),
      linked: (steamId) => people.linked.has(steamId),
    });
    if (!match) continue;
    const at = happening.at.getTime();
    if (automation.cooldownSeconds > 0 && at - lastRun < automation.cooldownSeconds * 1000) continue;
    const steamId = happening.player?.steamId;
    if (steamId && automation.perPlayerCooldownSeconds > 0) {
      const last = lastByPlayer.get(steamId) ?? -Infinity;
      if (at - last < automation.perPlayerCooldownSeconds * 1000) continue;
      lastByPlayer.set(steamId, at);
    }
    lastRun = at;
    matches.push({
      at: happening.at.toISOString(),
      serverId: happening.serverId,
      serverName: happening.serverName,
      summary: match.summary,
      steamId: steamId ?? null,
      actions: automation.actions.map((action, position) => ({
        position,
        type: action.type,
        sent: sentBy(action, match.context),
      })),
    });
  }
  // The newest first, as many as a person reads.
  return { examined: happenings.length, matches: matches.slice(-MAX_MATCHES).reverse(), replayable: true };
};
