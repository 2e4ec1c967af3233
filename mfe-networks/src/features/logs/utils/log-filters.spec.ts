import { LOG_TYPES, type LogEntry, type LogsResponse } from '@outpost/contracts';
import { addLiveLogEntry, LIVE_LOG_TIMELINES } from '../api/logs.api';
import { logFiltersOf, NO_LOG_FILTERS, prependLogEntry, timelineEntries } from './log-filters';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 11, minute)).toISOString();

const chat = (id: string, minute: number, extra: Partial<LogEntry> = {}): LogEntry =>
  ({
    id,
    type: 'chat',
    serverId: 's1',
    serverName: 'EU Main',
    at: at(minute),
    player: { steamId: '76561198000000001', name: 'Rusty' },
    channel: 'global',
    message: `hello ${id}`,
    ...extra,
  }) as LogEntry;

const kill: LogEntry = {
  id: 'k9',
  type: 'kill',
  serverId: 's1',
  serverName: 'EU Main',
  at: at(30),
  player: { steamId: '76561198000000002', name: 'Sniper' },
  target: { steamId: '76561198000000003', name: null },
  weapon: 'Bolt Action Rifle',
  distance: 120,
  headshot: true,
};

const pages = (): LogsResponse[] => [
  { entries: [chat('c3', 20), chat('c2', 10)], nextCursor: 'cursor-1' },
  { entries: [chat('c1', 5)], nextCursor: null },
];

const ids = (result: readonly LogsResponse[]) => result.map((page) => page.entries.map((entry) => entry.id));

describe('prependLogEntry', () => {
  it('puts a new line on top of the newest page, and leaves the older pages as they are', () => {
    const before = pages();
    const after = prependLogEntry(before, chat('c4', 25), {});
    expect(ids(after)).toEqual([['c4', 'c3', 'c2'], ['c1']]);
    expect(after[0].nextCursor).toBe('cursor-1');
    expect(after[1]).toBe(before[1]);
    expect(ids(before)).toEqual([['c3', 'c2'], ['c1']]);
  });

  it('adds a line once, even when the stream sends it again', () => {
    const once = prependLogEntry(pages(), chat('c4', 25), {});
    expect(prependLogEntry(once, chat('c4', 25), {})).toBe(once);
    const inOlderPage = pages();
    expect(prependLogEntry(inOlderPage, chat('c1', 5), {})).toBe(inOlderPage);
  });

  it('puts a line from a clock a little behind where its time belongs', () => {
    expect(ids(prependLogEntry(pages(), chat('late', 15), {}))[0]).toEqual(['c3', 'late', 'c2']);
  });

  it('leaves out a line of another kind, another server, outside the range or not matching the search', () => {
    const before = pages();
    const kept = (filters: Parameters<typeof prependLogEntry>[2], entry: LogEntry = kill) =>
      prependLogEntry(before, entry, filters) !== before;

    expect(kept({ types: ['kill'] })).toBe(true);
    expect(kept({ types: ['chat', 'connect'] })).toBe(false);
    expect(kept({ serverId: 's1' })).toBe(true);
    expect(kept({ serverId: 's2' })).toBe(false);
    expect(kept({ from: at(30), to: at(30) })).toBe(true);
    expect(kept({ from: at(31) })).toBe(false);
    expect(kept({ to: at(29) })).toBe(false);
    // Search looks in both players' names and Steam IDs, messages and weapons, ignoring case.
    expect(kept({ search: 'sniP' })).toBe(true);
    expect(kept({ search: '000000003' })).toBe(true);
    expect(kept({ search: 'bolt action' })).toBe(true);
    expect(kept({ search: 'shotgun' })).toBe(false);
    expect(kept({ search: 'HELLO live' }, chat('live', 40))).toBe(true);
  });

  it('does nothing to a timeline that has no page yet', () => {
    expect(prependLogEntry([], kill, {})).toEqual([]);
  });
});

describe('the live stream’s way into the cache', () => {
  const event = { type: 'log.entry', networkId: 'n1', serverId: 's1', entry: kill } as const;

  it('names the timelines a line may join: its server’s and its network’s', () => {
    expect(LIVE_LOG_TIMELINES.getServerLogs({ serverId: 's1', types: ['chat'] }, event)).toBe(true);
    expect(LIVE_LOG_TIMELINES.getServerLogs({ serverId: 's2' }, event)).toBe(false);
    expect(LIVE_LOG_TIMELINES.getNetworkLogs({ networkId: 'n1', serverId: 's2' }, event)).toBe(true);
    expect(LIVE_LOG_TIMELINES.getNetworkLogs({ networkId: 'n2' }, event)).toBe(false);
  });

  it('patches a cached timeline by its own filters', () => {
    const draft = { pages: pages() };
    addLiveLogEntry(kill, { networkId: 'n1', serverId: 's2' })(draft);
    expect(ids(draft.pages)[0]).toEqual(['c3', 'c2']);
    addLiveLogEntry(kill, { networkId: 'n1', types: ['kill', 'chat'] })(draft);
    expect(ids(draft.pages)[0]).toEqual(['k9', 'c3', 'c2']);
  });
});

describe('the timeline’s filters', () => {
  it('key the cache only by what narrows the list', () => {
    expect(logFiltersOf(NO_LOG_FILTERS)).toEqual({});
    expect(logFiltersOf({ ...NO_LOG_FILTERS, types: ['kill', 'chat'], search: '  rusty ' })).toEqual({
      types: ['chat', 'kill'],
      search: 'rusty',
    });
    expect(logFiltersOf({ ...NO_LOG_FILTERS, types: [...LOG_TYPES].reverse() })).toEqual({});
  });

  it('read a range to the end of its last minute, in the browser’s time zone', () => {
    const { from, to } = logFiltersOf({
      ...NO_LOG_FILTERS,
      from: '2026-01-05T11:00',
      to: '2026-01-05T11:05',
    });
    expect(from).toBe(new Date(2026, 0, 5, 11, 0).toISOString());
    expect(to).toBe(new Date(2026, 0, 5, 11, 5, 59, 999).toISOString());
    expect(logFiltersOf({ ...NO_LOG_FILTERS, from: 'yesterday' })).toEqual({});
  });

  it('show a line two pages both hold once', () => {
    const twice: LogsResponse[] = [
      { entries: [chat('c2', 10)], nextCursor: 'x' },
      { entries: [chat('c2', 10), chat('c1', 5)], nextCursor: null },
    ];
    expect(timelineEntries(twice).map((entry) => entry.id)).toEqual(['c2', 'c1']);
  });
});
