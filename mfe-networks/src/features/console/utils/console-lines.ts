import type { ConsoleCommandStatus, ConsoleEntry } from '@outpost/contracts';
import { formatTimeOfDay } from '@outpost/format';

/** The view keeps at most this many lines (a terminal's scrollback), dropping the oldest. */
export const CONSOLE_VIEW_MAX_LINES = 2_000;
/** Entries kept in the cache: never more than lines, since every entry is at least one line. */
export const CONSOLE_VIEW_MAX_ENTRIES = CONSOLE_VIEW_MAX_LINES;

export type ConsoleLineKind = 'command' | 'output' | 'pending' | 'failed' | 'info' | 'warning' | 'error';

/** One printed line of the view: always plain text, never markup. */
export type ConsoleLine = { key: string; kind: ConsoleLineKind; text: string };

/**
 * Merges a fresh page (oldest first) into what the view holds: an entry seen before is replaced
 * (a command's status and output change), a new one joins in time order, and the oldest go first
 * past `max`.
 */
const PROGRESS: Readonly<Record<ConsoleCommandStatus, number>> = {
  pending: 0,
  delivered: 1,
  succeeded: 2,
  failed: 2,
};
/** How far an entry has come: a command's status; a line never changes. */
const progressOf = (entry: ConsoleEntry): number => (entry.kind === 'command' ? PROGRESS[entry.status] : 0);

export const mergeConsoleEntries = (
  current: readonly ConsoleEntry[],
  incoming: readonly ConsoleEntry[],
  max: number,
): ConsoleEntry[] => {
  const byId = new Map(current.map((entry) => [entry.id, entry]));
  for (const entry of incoming) {
    const known = byId.get(entry.id);
    // A read that started before a command's result arrived (live) must not set it back.
    if (!known || progressOf(entry) >= progressOf(known)) byId.set(entry.id, entry);
  }
  const merged = [...byId.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return merged.slice(-max);
};

/** The lines one entry prints: a command, then its status or its output line by line. */
const linesOf = (entry: ConsoleEntry): ConsoleLine[] => {
  if (entry.kind === 'line')
    return entry.message.split(/\r?\n/).map((text, index) => ({
      key: `${entry.id}:${index}`,
      kind: entry.level,
      text: index === 0 ? `[${formatTimeOfDay(entry.at)}] ${text}` : text,
    }));
  const by = entry.by ? ` (${entry.by.name})` : '';
  const lines: ConsoleLine[] = [{ key: entry.id, kind: 'command', text: `> ${entry.command}${by}` }];
  if (entry.status === 'pending' || entry.status === 'delivered') {
    const state = entry.status === 'pending' ? 'waiting for the server' : 'sent, waiting for its answer';
    lines.push({ key: `${entry.id}:status`, kind: 'pending', text: `… pending: ${state}` });
    return lines;
  }
  const output = (entry.output ?? '').replace(/\r?\n$/, '');
  const outputLines = output ? output.split(/\r?\n/) : [];
  if (entry.status === 'failed')
    lines.push({
      key: `${entry.id}:status`,
      kind: 'failed',
      text: outputLines.length ? 'Failed:' : 'Failed (the server gave no reason)',
    });
  else if (!outputLines.length)
    lines.push({ key: `${entry.id}:status`, kind: 'output', text: '(no output)' });
  outputLines.forEach((text, index) =>
    lines.push({ key: `${entry.id}:${index}`, kind: entry.status === 'failed' ? 'failed' : 'output', text }),
  );
  return lines;
};

/** An entry's version: a command that changes (its answer arrived) counts as new. */
const versionOf = (entry: ConsoleEntry): string => (entry.kind === 'line' ? 'line' : entry.status);

/** What Ctrl+L hides: each entry on screen, as it was then. */
export type ClearedEntries = ReadonlyMap<string, string>;

export const clearedEntries = (entries: readonly ConsoleEntry[]): ClearedEntries =>
  new Map(entries.map((entry) => [entry.id, versionOf(entry)]));

/**
 * The lines to show, oldest first, at most `max`. Entries on screen when the view was cleared stay
 * hidden unless they changed since: a command still waiting then prints its answer when it comes.
 */
export const consoleLines = (
  entries: readonly ConsoleEntry[],
  cleared: ClearedEntries,
  max = CONSOLE_VIEW_MAX_LINES,
): ConsoleLine[] =>
  entries
    .filter((entry) => cleared.get(entry.id) !== versionOf(entry))
    .flatMap(linesOf)
    .slice(-max);
