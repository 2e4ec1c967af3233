import { itemsOfPages } from '@outpost/api-cache';
import { LOG_TYPES, type LogEntry, type LogsResponse, type LogType } from '@outpost/contracts';
import { fromLocalInput } from '@outpost/format';

/**
 * What a timeline asks the API for, as the cache keys it: only the filters that narrow the list
 * are present (all types, no search and no range leave their key out), so two screens that show
 * the same lines share one cache entry and the live stream can tell which entries a line joins.
 */
export type LogFilters = {
  /** In LOG_TYPES order; absent means every type. */
  types?: LogType[];
  search?: string;
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
};

/** A server's timeline. */
export type ServerLogsArgs = LogFilters & { serverId: string };
/** A network's timeline, optionally of one of its servers. */
export type NetworkLogsArgs = LogFilters & { networkId: string; serverId?: string };

/** The filters as the screen holds them (and the address keeps them). */
export type LogFilterState = {
  types: readonly LogType[];
  search: string;
  /** datetime-local values (the browser's local time), '' when not set. */
  from: string;
  to: string;
  /** The network view's server filter; '' for every server. */
  serverId: string;
};

export const NO_LOG_FILTERS: LogFilterState = {
  types: LOG_TYPES,
  search: '',
  from: '',
  to: '',
  serverId: '',
};

/** Whether anything narrows the timeline (an empty one then says no line matches). */
export const hasLogFilters = (state: LogFilterState): boolean =>
  state.types.length < LOG_TYPES.length ||
  state.search.trim() !== '' ||
  state.from !== '' ||
  state.to !== '' ||
  state.serverId !== '';

/** The cache's filters for what the screen shows (types kept in LOG_TYPES order). */
export const logFiltersOf = (state: LogFilterState): LogFilters => {
  const types = LOG_TYPES.filter((type) => state.types.includes(type));
  const search = state.search.trim();
  const from = fromLocalInput(state.from);
  const to = fromLocalInput(state.to, { endOfMinute: true });
  return {
    ...(types.length < LOG_TYPES.length && { types }),
    ...(search && { search }),
    ...(from && { from }),
    ...(to && { to }),
  };
};

/** The query string of both logs routes for `filters` (`before` and `serverId` are added apart). */
export const logsQueryParams = ({ types, search, from, to }: LogFilters) => ({
  types: types?.join(','),
  search,
  from,
  to,
});

/** The cached pages as one timeline, newest first; a line two pages both hold shows once. */
export const timelineEntries = itemsOfPages('entries');

const timeOf = (iso: string): number => new Date(iso).getTime();

/**
 * The texts search looks in, as the API's search does: both players' names and Steam IDs, the
 * message, a report's subject, a leave's reason and a kill's weapon (never an IP).
 */
const searchedTexts = (entry: LogEntry): (string | null)[] => {
  const texts: (string | null)[] = [];
  if ('player' in entry) texts.push(entry.player.name, entry.player.steamId);
  if ('target' in entry) texts.push(entry.target.name, entry.target.steamId);
  if ('message' in entry) texts.push(entry.message);
  if (entry.type === 'report') texts.push(entry.subject);
  if (entry.type === 'disconnect') texts.push(entry.reason);
  if (entry.type === 'kill') texts.push(entry.weapon);
  return texts;
};

/** Whether a line belongs to a timeline with these filters (and of this server, when one is set). */
export const matchesLogFilters = (entry: LogEntry, filters: LogFilters & { serverId?: string }): boolean => {
  if (filters.types && !filters.types.includes(entry.type)) return false;
  if (filters.serverId && entry.serverId !== filters.serverId) return false;
  const at = timeOf(entry.at);
  if (filters.from && at < timeOf(filters.from)) return false;
  if (filters.to && at > timeOf(filters.to)) return false;
  const search = filters.search?.trim().toLowerCase();
  return !search || searchedTexts(entry).some((text) => text !== null && text.toLowerCase().includes(search));
};

/** Newest first, by time then id, as the API orders them. */
const isNewer = (a: LogEntry, b: LogEntry): boolean =>
  timeOf(a.at) > timeOf(b.at) || (timeOf(a.at) === timeOf(b.at) && a.id > b.id);

/**
 * The live stream's way in: `pages` (the cached pages, newest first) with `entry` added to the
 * newest page when it matches the timeline's filters and is not there yet; `pages` itself when
 * nothing changes. A line whose clock is a little behind the top goes where its time puts it.
 */
export const prependLogEntry = (
  pages: readonly LogsResponse[],
  entry: LogEntry,
  filters: LogFilters & { serverId?: string },
): LogsResponse[] => {
  const [first, ...older] = pages;
  if (!first || !matchesLogFilters(entry, filters)) return pages as LogsResponse[];
  if (pages.some((page) => page.entries.some((known) => known.id === entry.id)))
    return pages as LogsResponse[];
  const at = first.entries.findIndex((known) => isNewer(entry, known));
  const entries = [...first.entries];
  entries.splice(at === -1 ? entries.length : at, 0, entry);
  return [{ ...first, entries }, ...older];
};
