// What the Logs search looks in, per stored event: kept in server_events.search_text so a search
// is one LIKE on one column (a trigram index on PostgreSQL) instead of a JSON walk per row.

/** Between the parts of a search text: a search term is one line, so it never spans two parts. */
export const SEARCH_TEXT_SEPARATOR = '\n';

/** The payload fields a search matches, whichever type carries them. */
const SEARCHED_FIELDS = ['name', 'message', 'subject', 'reason', 'weapon'] as const;

export type SearchedEvent = {
  steamId: string | null;
  targetSteamId: string | null;
  payload: Record<string, unknown>;
};

/**
 * Lower-cased: the player's and the target's steamIds and names (as the network knows them and as
 * the event gave them), and the message, subject, reason and weapon. Never the IP: members who
 * may not see IPs must not find lines by them either.
 */
export const searchTextOf = (event: SearchedEvent, names: ReadonlyMap<string, string>): string => {
  const parts = [
    event.steamId,
    event.targetSteamId,
    event.steamId && names.get(event.steamId),
    event.targetSteamId && names.get(event.targetSteamId),
    ...SEARCHED_FIELDS.map((field) => event.payload[field]),
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return [...new Set(parts)].join(SEARCH_TEXT_SEPARATOR).toLowerCase();
};

/** A search term as a LIKE pattern on search_text (with `escape '\'`): a substring, any case. */
export const searchPatternOf = (term: string): string =>
  `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
