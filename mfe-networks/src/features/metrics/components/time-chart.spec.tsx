import { render, screen, waitFor } from '@testing-library/react';
import { TimeChart, type ChartLine } from './time-chart';

// uPlot needs a canvas jsdom lacks: a stand-in records what the wrapper does with each plot and
// runs the plugins' draw hooks as uPlot would on every draw.
type LegendValue = (
  u: { data: unknown },
  value: number | null,
  series: number,
  index: number | null,
) => string;
type Plot = { data: unknown; destroyed: boolean; sizes: unknown[]; series: string[]; values: LegendValue[] };
const plots: Plot[] = [];
jest.mock('uplot', () => ({
  __esModule: true,
  default: class {
    scales = { x: { min: 0, max: 0 } };
    bbox = { left: 0, top: 0, width: 600, height: 200 };
    ctx = { save() {}, restore() {}, fillRect() {}, fillStyle: '' };
    private record: Plot;
    constructor(
      private options: {
        series: { label?: string; value: LegendValue }[];
        scales: { x: { range: () => [number, number] } };
        plugins: { hooks: { drawClear: ((u: unknown) => void)[] } }[];
      },
      data: unknown,
    ) {
      this.record = {
        data,
        destroyed: false,
        sizes: [],
        series: options.series.slice(1).map((s) => s.label!),
        values: options.series.map((s) => s.value),
      };
      plots.push(this.record);
      this.draw();
    }
    valToPos(value: number) {
      return value;
    }
    setData(data: unknown) {
      this.record.data = data;
      this.draw();
    }
    setSize(size: unknown) {
      this.record.sizes.push(size);
    }
    destroy() {
      this.record.destroyed = true;
    }
    private draw() {
      const [min, max] = this.options.scales.x.range();
      this.scales.x = { min, max };
      for (const plugin of this.options.plugins) for (const hook of plugin.hooks.drawClear) hook(this);
    }
  },
}));
jest.mock('uplot/dist/uPlot.min.css', () => ({}), { virtual: true });
afterEach(() => (plots.length = 0));

const players: ChartLine[] = [{ label: 'Players', color: '#3b82f6' }];
const chart = () => screen.getByRole('img', { name: 'Players over time' });

describe('TimeChart', () => {
  it('draws new columns on the same plot, counts the outage bands in range, and destroys it when gone', async () => {
    const { rerender, unmount } = render(
      <TimeChart
        title="Players"
        columns={[
          [100, 160],
          [1, 2],
        ]}
        lines={players}
        span={[0, 1000]}
      />,
    );
    await waitFor(() => expect(plots).toHaveLength(1));
    expect(chart()).toHaveAttribute('data-outage-bands', '0');
    rerender(
      <TimeChart
        title="Players"
        columns={[
          [100, 160, 220],
          [1, 2, 3],
        ]}
        lines={players}
        span={[0, 1000]}
        outages={[
          [200, 300],
          [2000, 2100],
        ]}
      />,
    );
    expect(plots).toHaveLength(1);
    expect(plots[0].data).toEqual([
      [100, 160, 220],
      [1, 2, 3],
    ]);
    // The second outage is outside the range shown: no band for it.
    expect(chart()).toHaveAttribute('data-outage-bands', '1');
    unmount();
    expect(plots[0].destroyed).toBe(true);
  });

  it('shows the latest values in the legend while nothing is hovered, and the hovered ones after', async () => {
    render(
      <TimeChart
        title="Players"
        columns={[
          [100, 160, 220],
          [1, 3, null],
        ]}
        lines={[{ label: 'Players', color: '#3b82f6', format: (v) => `${v} on` }]}
        span={[0, 1000]}
      />,
    );
    await waitFor(() => expect(plots).toHaveLength(1));
    const [time, players] = plots[0].values;
    const plot = { data: plots[0].data };
    // Nothing hovered (no index): the newest bucket the line has (the last one is a gap).
    expect(time(plot, null, 0, null)).toBe('Latest');
    expect(players(plot, null, 1, null)).toBe('3 on');
    // Hovered: that bucket's value, a dash on a gap.
    expect(players(plot, 1, 1, 0)).toBe('1 on');
    expect(players(plot, null, 1, 2)).toBe('—');
    expect(time(plot, 160, 0, 1)).not.toBe('Latest');
  });

  it('makes a new plot when the lines change (a figure appears)', async () => {
    const { rerender } = render(
      <TimeChart title="Players" columns={[[100], [1]]} lines={players} span={[0, 1000]} />,
    );
    await waitFor(() => expect(plots).toHaveLength(1));
    rerender(
      <TimeChart
        title="Players"
        columns={[[100], [1], [4]]}
        lines={[...players, { label: 'Queue', color: '#f59e0b' }]}
        span={[0, 1000]}
      />,
    );
    await waitFor(() => expect(plots).toHaveLength(2));
    expect(plots[0].destroyed).toBe(true);
    expect(plots[1].series).toEqual(['Players', 'Queue']);
  });
});
