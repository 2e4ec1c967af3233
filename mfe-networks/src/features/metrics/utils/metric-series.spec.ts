import { chartColumns, outageSpans } from './metric-series';
import { describeCell, weekHeatmap } from './heatmap';
import { formatDuration } from './durations';
import { metricPoint } from '../../../test/fake-metrics';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 12, minute)).toISOString();
const sec = (minute: number) => Date.UTC(2026, 0, 5, 12, minute) / 1000;

describe('chartColumns', () => {
  it('puts one null after the last bucket before a hole, so the line breaks there', () => {
    const rows = [at(0), at(1), at(5), at(6)].map((time, i) => ({ at: time, v: i }));
    expect(chartColumns(rows, 60, [(row) => row.v])).toEqual([
      [sec(0), sec(1), sec(2), sec(5), sec(6)],
      [0, 1, null, 2, 3],
    ]);
  });

  it('keeps a figure the bucket lacks as null, and adds nothing for consecutive buckets', () => {
    const rows = [
      { at: at(0), v: null },
      { at: at(1), v: 4 },
    ];
    expect(chartColumns(rows, 60, [(row) => row.v])).toEqual([
      [sec(0), sec(1)],
      [null, 4],
    ]);
  });
});

describe('outageSpans', () => {
  it('ends an outage still going at the range’s end', () => {
    expect(
      outageSpans(
        [
          { from: at(1), to: at(3) },
          { from: at(8), to: null },
        ],
        at(10),
      ),
    ).toEqual([
      [sec(1), sec(3)],
      [sec(8), sec(10)],
    ]);
  });
});

describe('weekHeatmap', () => {
  it('averages the buckets of each local hour of the week, Monday first', () => {
    const monday = new Date(2026, 0, 5, 9).toISOString();
    const nextMonday = new Date(2026, 0, 12, 9).toISOString();
    const sunday = new Date(2026, 0, 11, 23).toISOString();
    const { cells, max } = weekHeatmap([
      metricPoint(monday, 10),
      metricPoint(nextMonday, 20),
      metricPoint(sunday, 1),
    ]);
    expect(cells[0][9]).toBe(15);
    expect(cells[6][23]).toBe(1);
    expect(cells[0][10]).toBeNull();
    expect(max).toBe(15);
    expect(describeCell(6, 23, 1)).toBe('Sunday 23:00–00:00: 1 player on average');
  });
});

describe('formatDuration', () => {
  it.each([
    [40_000, '40 s'],
    [5 * 60_000, '5 min'],
    [125 * 60_000, '2 h 5 min'],
    [3 * 3_600_000, '3 h'],
    [(3 * 24 + 4) * 3_600_000, '3 d 4 h'],
  ])('%i ms reads %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
