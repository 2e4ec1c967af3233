// The fake API's Logs routes: a server's or a network's lines, filtered and paged as the API's
// contract says (newest first, keyset cursor), with the real query validation and its 400s.
import type { LogEntry, LogsResponse } from '@outpost/contracts';
import {
  encodeLogCursor,
  networkLogsQuerySchema,
  zodIssuesToDetails,
  type NetworkLogsQueryInput,
} from '@outpost/validation';

export type LogsAnswer =
  { ok: true; data: LogsResponse } | { ok: false; details: { field: string; message: string }[] };

const searched = (entry: LogEntry): string[] =>
  [
    'player' in entry ? [entry.player.name, entry.player.steamId] : [],
    'target' in entry ? [entry.target.name, entry.target.steamId] : [],
    'message' in entry ? [entry.message] : [],
    entry.type === 'report' ? [entry.subject] : [],
    entry.type === 'disconnect' ? [entry.reason] : [],
    entry.type === 'kill' ? [entry.weapon] : [],
  ]
    .flat()
    .filter((text): text is string => text !== null);

const matches = (entry: LogEntry, query: NetworkLogsQueryInput): boolean => {
  const at = new Date(entry.at).getTime();
  const search = query.search?.toLowerCase();
  return (
    (!query.types || query.types.includes(entry.type)) &&
    (!query.serverId || entry.serverId === query.serverId) &&
    (!query.from || at >= query.from.getTime()) &&
    (!query.to || at <= query.to.getTime()) &&
    (!query.before ||
      at < query.before.at.getTime() ||
      (at === query.before.at.getTime() && entry.id < query.before.id)) &&
    (!search || searched(entry).some((text) => text.toLowerCase().includes(search)))
  );
};

const newestFirst = (a: LogEntry, b: LogEntry) =>
  new Date(b.at).getTime() - new Date(a.at).getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Without players.viewIp a connect line comes without its IP. */
const forViewer = (entry: LogEntry, viewIp: boolean): LogEntry => {
  if (entry.type !== 'connect' || viewIp || entry.ip === undefined) return entry;
  const { ip: _ip, ...rest } = entry;
  return rest;
};

/** One page of `entries` for the query string `params`. */
export const answerLogs = (
  entries: readonly LogEntry[],
  params: URLSearchParams,
  viewIp: boolean,
): LogsAnswer => {
  const parsed = networkLogsQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return { ok: false, details: zodIssuesToDetails(parsed.error) };
  const query = parsed.data;
  const all = entries.filter((entry) => matches(entry, query)).sort(newestFirst);
  const page = all.slice(0, query.limit);
  const last = page.at(-1);
  return {
    ok: true,
    data: {
      entries: page.map((entry) => forViewer(entry, viewIp)),
      nextCursor:
        all.length > page.length && last ? encodeLogCursor({ at: new Date(last.at), id: last.id }) : null,
    },
  };
};
