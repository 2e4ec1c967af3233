import type { ConsoleEntry } from '@outpost/contracts';
import { clearedEntries, consoleLines, CONSOLE_VIEW_MAX_LINES, mergeConsoleEntries } from './console-lines';

const line = (n: number): ConsoleEntry => ({
  kind: 'line',
  id: `l${n}`,
  level: 'info',
  message: `line ${n}`,
  at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
});

const pending: ConsoleEntry = {
  kind: 'command',
  id: 'c1',
  command: 'status',
  status: 'pending',
  output: null,
  by: null,
  at: line(2).at,
  completedAt: null,
};

describe('the console view', () => {
  it('keeps the newest 2,000 lines', () => {
    const entries = Array.from({ length: 2_500 }, (_, n) => line(n));
    const lines = consoleLines(entries, new Map());
    expect(lines).toHaveLength(CONSOLE_VIEW_MAX_LINES);
    expect(lines.at(-1)?.text).toMatch(/line 2499$/);
    expect(lines[0]?.text).toMatch(/line 500$/);
  });

  it('merges a refresh into what it holds: updated in place, in time order, capped', () => {
    const merged = mergeConsoleEntries(
      [line(1), pending],
      [{ ...pending, status: 'succeeded', output: 'ok' }, line(3)],
      3,
    );
    expect(merged.map((entry) => entry.id)).toEqual(['l1', 'c1', 'l3']);
    expect(merged[1]).toMatchObject({ status: 'succeeded', output: 'ok' });
    expect(mergeConsoleEntries(merged, [line(4)], 3).map((entry) => entry.id)).toEqual(['c1', 'l3', 'l4']);
  });

  it('keeps a result that arrived live when an older read of the same command comes back later', () => {
    const done = { ...pending, status: 'succeeded' as const, output: 'hostname: EU' };
    const merged = mergeConsoleEntries(
      [line(1), done],
      [pending, { ...pending, status: 'delivered' as const }],
      5,
    );
    expect(merged[1]).toEqual(done);
  });

  it('after a clear, shows a command that was waiting once its answer comes', () => {
    const cleared = clearedEntries([line(1), pending]);
    expect(consoleLines([line(1), pending], cleared)).toEqual([]);
    expect(
      consoleLines([line(1), { ...pending, status: 'succeeded', output: 'hostname: EU' }], cleared).map(
        (printed) => printed.text,
      ),
    ).toEqual(['> status', 'hostname: EU']);
  });
});
