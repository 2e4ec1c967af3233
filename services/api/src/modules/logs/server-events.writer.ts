import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { playerNamesOf } from './player-names';
import { searchTextOf } from './search-text';
import { ServerEvent } from './server-event.entity';

/** Something a game server reported, as a line of its Logs timeline. */
export type ServerEventInput = {
  /** The id the server gave it: a server sends each id once. */
  eventId: string;
  type: string;
  at: Date;
  /** The player it is about, and the other one (victim, reported player) if any. */
  steamId: string | null;
  targetSteamId: string | null;
  payload: Record<string, unknown>;
};

export type AppendedEvents<E extends ServerEventInput> = {
  /** Each event seen for the first time, with the line it became (not flushed yet). */
  fresh: { event: E; line: ServerEvent }[];
  /** The names the network knows for the players these events name, by steamId. */
  names: ReadonlyMap<string, string>;
};

/**
 * The one writer of `server_events` (the Logs timeline): adds a server's events in the caller's
 * transaction, once each (an id this server already sent is skipped, so a retried batch adds
 * nothing), with the text the Logs search looks in. The caller flushes.
 */
export const appendServerEvents = async <E extends ServerEventInput>(
  em: EntityManager,
  knex: Knex,
  server: { id: string; networkId: string },
  events: readonly E[],
  receivedAt: Date,
): Promise<AppendedEvents<E>> => {
  const ids = [...new Set(events.map((event) => event.eventId))];
  const seen = new Set(
    (await em.find(ServerEvent, { serverId: server.id, eventId: { $in: ids } }, { fields: ['eventId'] })).map(
      (event) => event.eventId,
    ),
  );
  const names = await playerNamesOf(
    knex,
    server.networkId,
    events.flatMap((event) => [event.steamId, event.targetSteamId]),
  );
  const fresh: AppendedEvents<E>['fresh'] = [];
  for (const event of events) {
    if (seen.has(event.eventId)) continue;
    seen.add(event.eventId);
    const line = em.create(ServerEvent, {
      networkId: server.networkId,
      serverId: server.id,
      eventId: event.eventId,
      type: event.type,
      steamId: event.steamId,
      targetSteamId: event.targetSteamId,
      payload: event.payload,
      at: event.at,
      receivedAt,
      searchText: searchTextOf(event, names),
    });
    fresh.push({ event, line });
  }
  return { fresh, names };
};
