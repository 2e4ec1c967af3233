import { paths, type ServerMetrics } from '@outpost/contracts';
import { liveEventReceived } from '@outpost/api-client';
import { setUpFakeServer } from '@outpost/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs } from '../../../test/render';
import { FakeMetricsApi, metricPoint } from '../../../test/fake-metrics';
import { METRICS_REFETCH_MIN_INTERVAL_MS } from '../api/metrics.api';
import MetricsPage from './metrics-page';

// uPlot draws on a canvas jsdom does not have: a stand-in records what the wrapper asks of it and
// runs its draw hooks, so the outage bands' count is what the page would show.
const plots: { data: unknown; destroyed: boolean }[] = [];
jest.mock('uplot', () => {
  class FakePlot {
    scales = { x: { min: 0, max: 0 } };
    bbox = { left: 0, top: 0, width: 600, height: 200 };
    ctx = { save() {}, restore() {}, fillRect() {}, fillStyle: '' };
    private record: { data: unknown; destroyed: boolean };
    constructor(
      private options: {
        plugins?: { hooks: { drawClear?: ((u: unknown) => void)[] } }[];
        scales: { x: { range: () => [number, number] } };
      },
      data: unknown,
      target: HTMLElement,
    ) {
      this.record = { data, destroyed: false };
      plots.push(this.record);
      target.append(document.createElement('canvas'));
      this.draw();
    }
    valToPos(value: number) {
      return value;
    }
    setData(data: unknown) {
      this.record.data = data;
      this.draw();
    }
    setSize() {}
    destroy() {
      this.record.destroyed = true;
    }
    private draw() {
      const [min, max] = this.options.scales.x.range();
      this.scales.x = { min, max };
      for (const plugin of this.options.plugins ?? [])
        for (const hook of plugin.hooks.drawClear ?? []) hook(this);
    }
  }
  return { __esModule: true, default: FakePlot };
});
jest.mock('uplot/dist/uPlot.min.css', () => ({}), { virtual: true });

const api = setUpFakeServer(new FakeMetricsApi());
afterEach(() => (plots.length = 0));

const TO = '2026-01-05T12:00:00.000Z';
const minute = (n: number) => new Date(Date.parse(TO) - n * 60_000).toISOString();

/** A day of reports with a hole (the server was down from 40 to 25 minutes ago) and one outage. */
const dayWithOutage = (serverId: string): ServerMetrics => ({
  serverId,
  range: '24h',
  from: '2026-01-04T12:00:00.000Z',
  to: TO,
  resolutionSeconds: 60,
  points: [
    metricPoint(minute(45), 10),
    metricPoint(minute(44), 12),
    metricPoint(minute(24), 7),
    metricPoint(minute(23), 9),
  ],
  outages: [{ from: minute(40), to: minute(25) }],
  uptimePercent: 99,
  uptimeSince: '2026-01-04T12:00:00.000Z',
});

const openMetrics = (userId = 'ana', query = '') => {
  const network = api.addNetwork('Rust Legends', 'ana');
  if (userId !== 'ana') api.addMember(network.id, userId, 'member');
  const server = api.addServer(network.id, 'EU Main', { status: 'online' });
  const rendered = () =>
    renderAs(
      userId,
      <MetricsPage />,
      atRoute(`${paths.serverArea(network.id, server.id, 'metrics')}${query}`),
    );
  return { network, server, rendered, metricsPath: `/api/servers/${server.id}/metrics` };
};

describe('the Metrics area', () => {
  it('charts the range, with the uptime and each outage as text and its band on the chart', async () => {
    const { server, rendered } = openMetrics('cy');
    api.setServerMetrics(dayWithOutage(server.id));
    rendered();
    expect(await screen.findByText('99.0 %')).toBeInTheDocument();
    expect(screen.getByText(/Uptime over the last 24 hours/)).toHaveTextContent('1 outage');
    const outages = screen.getByRole('list', { name: 'Outages of EU Main' });
    expect(
      within(outages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/ – .*\(15 min\)$/)]);
    // Players, FPS, entities and memory; the plugin sends no queue nor traffic, and says so once.
    expect(screen.getAllByRole('img').map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Players over time',
      'FPS over time',
      'Entities over time',
      'Memory over time',
    ]);
    expect(
      screen.getByText('Not reported by this server’s source: queue, network in, network out.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Players over time' })).toHaveAttribute(
        'data-outage-bands',
        '1',
      ),
    );
    // The 20 silent minutes are a gap (a null bucket), never a line drawn across them.
    const [xs, players] = plots[0].data as [number[], (number | null)[]];
    expect(players).toEqual([10, 12, null, 7, 9]);
    expect(xs[2] - xs[1]).toBe(60);
  });

  it('switches the range with the keyboard and keeps it in the URL', async () => {
    const { server, rendered, metricsPath } = openMetrics('ana', '?range=7d');
    api.setServerMetrics({ ...dayWithOutage(server.id), range: '7d', resolutionSeconds: 300 });
    api.setServerMetrics({ ...dayWithOutage(server.id), range: '30d', resolutionSeconds: 3600 });
    const { user } = rendered();
    expect(await screen.findByText(/Uptime over the last 7 days/)).toBeInTheDocument();
    const sevenDays = screen.getByRole('radio', { name: '7 d' });
    expect(sevenDays).toBeChecked();
    sevenDays.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '30 d' })).toBeChecked();
    expect(screen.getByTestId('router-location')).toHaveTextContent('range=30d');
    await waitFor(() =>
      expect(api.callsTo('GET', metricsPath).map((call) => call.query.get('range'))).toContain('30d'),
    );
    expect(await screen.findByText(/Uptime over the last 30 days/)).toBeInTheDocument();
  }, 15_000);

  it('shows a new server its last hour without being asked, and its uptime over the minutes it reported', async () => {
    const { server, rendered, metricsPath } = openMetrics('cy');
    // The API answers the range that fits a server reporting for 21 minutes: the last hour.
    api.fittingRanges.set(server.id, '1h');
    api.setServerMetrics({
      ...dayWithOutage(server.id),
      range: '1h',
      from: minute(60),
      points: [metricPoint(minute(20), 3), metricPoint(minute(19), 4)],
      outages: [],
      uptimePercent: 100,
      uptimeSince: minute(21),
    });
    const { user } = rendered();
    expect(await screen.findByText(/^Uptime:/)).toHaveTextContent(
      /^Uptime: 100\.0 % over the 21 minutes reported · 0 outages$/,
    );
    expect(screen.getByRole('radio', { name: '1 h' })).toBeChecked();
    expect(api.callsTo('GET', metricsPath).find((call) => !call.query.has('range'))).toBeDefined();
    expect(screen.getByTestId('router-location')).not.toHaveTextContent('range=');
    // Choosing the day is kept in the address (without it the server's fitting hour would come back).
    api.setServerMetrics({ ...dayWithOutage(server.id), uptimeSince: minute(21), outages: [] });
    await user.click(screen.getByRole('radio', { name: '24 h' }));
    expect(screen.getByTestId('router-location')).toHaveTextContent('range=24h');
    await waitFor(() =>
      expect(screen.getByText(/^Uptime:/)).toHaveTextContent(/^Uptime: 99\.0 % over the 21 minutes reported/),
    );
  }, 15_000);

  it('says when the server has not reported yet', async () => {
    const { rendered } = openMetrics();
    rendered();
    expect(await screen.findByRole('heading', { name: 'No reports yet' })).toBeInTheDocument();
    expect(screen.getByText(/No reports yet in the last 24 hours/)).toBeInTheDocument();
  });

  it('shows a failed read with Try Again', async () => {
    const { server, rendered } = openMetrics();
    api.failures.set('GET /api/servers/:id/metrics', {
      status: 503,
      body: { success: false, error: 'Database unavailable', code: 'DATABASE_UNAVAILABLE' },
    });
    const { user } = rendered();
    const alert = (await screen.findAllByRole('alert'))[0];
    expect(alert).toHaveTextContent('Failed to load metrics');
    expect(alert).toHaveTextContent('Database unavailable');
    api.failures.clear();
    api.setServerMetrics(dayWithOutage(server.id));
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('99.0 %')).toBeInTheDocument();
  });

  it('offers Premium where the plan stops (beyond 24 h), keeping the rest', async () => {
    const { rendered } = openMetrics('ana', '?range=7d');
    api.premiumRanges.add('7d').add('30d');
    rendered();
    expect(
      await screen.findByText(
        /^History over the last 7 days is part of the Premium plan, and this network's owner is on Free\./,
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/^The week’s heatmap \(30 days\) is part of the Premium plan/),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'This area is part of Premium' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Upgrade' })[0]).toHaveAttribute('href', '/plan');
  });

  it('asks a network known to be on Free for no Premium range: Premium is said at once', async () => {
    const { network, rendered, metricsPath } = openMetrics('ana', '?range=7d');
    network.plan = 'free';
    rendered();
    expect(await screen.findAllByRole('heading', { name: 'This area is part of Premium' })).toHaveLength(2);
    expect(api.callsTo('GET', metricsPath)).toHaveLength(0);
  });

  it('downloads the range as CSV with the session', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:metrics'));
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { server, rendered, metricsPath } = openMetrics();
    api.setServerMetrics(dayWithOutage(server.id));
    const { user } = rendered();
    await screen.findByText('99.0 %');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const csvCall = api.callsTo('GET', metricsPath).find((call) => call.query.get('format') === 'csv');
    expect(csvCall?.query.get('range')).toBe('24h');
    expect(clicked.map((link) => link.download)).toEqual(['metrics-EU Main-24h.csv']);
    expect(await created[0].text()).toMatch(/^at,players/);
  });

  it('draws the week by hour in local time, with a title per cell', async () => {
    const { server, rendered } = openMetrics();
    // Two Mondays 18:00 local time with 40 and 20 players: the cell averages 30.
    const monday = (week: number) => new Date(2026, 0, 5 + 7 * week, 18, 0, 0).toISOString();
    api.setServerMetrics({
      ...dayWithOutage(server.id),
      range: '30d',
      resolutionSeconds: 3600,
      points: [metricPoint(monday(-1), 40), metricPoint(monday(0), 20)],
    });
    rendered();
    const grid = await screen.findByRole('table', { name: 'Players by hour of week' });
    expect(within(grid).getByTitle('Monday 18:00–19:00: 30 players on average')).toBeInTheDocument();
    expect(within(grid).getByTitle('Tuesday 03:00–04:00: no reports')).toBeInTheDocument();
    expect(within(grid).getAllByRole('row')).toHaveLength(8);
  });

  it('reads the range again after the server reports, at most every 30 s', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const { network, server, rendered, metricsPath } = openMetrics();
      api.setServerMetrics(dayWithOutage(server.id));
      const { store } = rendered();
      await screen.findByText('99.0 %');
      const reads = () => api.callsTo('GET', metricsPath).filter((call) => !call.query.has('range')).length;
      const before = reads();
      const report = () =>
        act(() => {
          for (let beat = 0; beat < 3; beat += 1)
            store.dispatch(
              liveEventReceived({
                type: 'server.status',
                networkId: network.id,
                serverId: server.id,
                status: 'offline',
                playerCount: 0,
                maxPlayers: 50,
                at: TO,
              }),
            );
        });
      report();
      await act(async () => void jest.advanceTimersByTime(2_500));
      await waitFor(() => expect(reads()).toBe(before + 1));
      report();
      await act(async () => void jest.advanceTimersByTime(10_000));
      expect(reads()).toBe(before + 1);
      await act(async () => void jest.advanceTimersByTime(METRICS_REFETCH_MIN_INTERVAL_MS));
      await waitFor(() => expect(reads()).toBe(before + 2));
    } finally {
      jest.useRealTimers();
    }
  });
});
