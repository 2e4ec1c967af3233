import { paths, type NetworkMetrics } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs } from '../../../test/render';
import { FakeMetricsApi } from '../../../test/fake-metrics';
import NetworkAnalyticsTab, { networkUptime } from './network-analytics-tab';

jest.mock('uplot', () => {
  class FakePlot {
    setData() {}
    setSize() {}
    destroy() {}
  }
  return { __esModule: true, default: FakePlot };
});
jest.mock('uplot/dist/uPlot.min.css', () => ({}), { virtual: true });

const api = setUpFakeServer(new FakeMetricsApi());

const day = (networkId: string, serverIds: [string, string]): NetworkMetrics => ({
  networkId,
  range: '24h',
  from: '2026-01-04T12:00:00.000Z',
  to: '2026-01-05T12:00:00.000Z',
  resolutionSeconds: 60,
  players: [
    { at: '2026-01-05T11:00:00.000Z', players: 30, peak: 34 },
    { at: '2026-01-05T11:01:00.000Z', players: 36, peak: 37 },
  ],
  averagePlayers: 33,
  peakPlayers: 37,
  peakAt: '2026-01-05T11:01:00.000Z',
  onlineServers: 1,
  offlineServers: 1,
  servers: [
    {
      serverId: serverIds[0],
      name: 'EU Main',
      status: 'online',
      uptimePercent: 100,
      uptimeSince: '2026-01-04T12:00:00.000Z',
      outages: [],
    },
    {
      serverId: serverIds[1],
      name: 'EU Build',
      status: 'offline',
      uptimePercent: 95,
      // Added this morning: its uptime covers the 5 hours it has reported.
      uptimeSince: '2026-01-05T07:00:00.000Z',
      outages: [
        { from: '2026-01-05T08:00:00.000Z', to: '2026-01-05T08:30:00.000Z' },
        { from: '2026-01-05T11:50:00.000Z', to: null },
      ],
    },
  ],
});

const openTab = (userId = 'ana', query = '') => {
  const network = api.addNetwork('Rust Legends', 'ana');
  if (userId !== 'ana') api.addMember(network.id, userId, 'member');
  const main = api.addServer(network.id, 'EU Main', { status: 'online' });
  const build = api.addServer(network.id, 'EU Build', { status: 'offline' });
  const render = () =>
    renderAs(
      userId,
      <NetworkAnalyticsTab networkId={network.id} />,
      atRoute(`${paths.network(network.id)}?tab=analytics${query}`),
    );
  return { network, servers: [main.id, build.id] as [string, string], render };
};

const figure = (label: string) => screen.getByText(label).closest('dl')!;

describe('the Analytics tab', () => {
  it('shows the real average, peak (with when), uptime and server counts', async () => {
    const { network, servers, render } = openTab('cy');
    api.setNetworkMetrics(day(network.id, servers));
    render();
    await screen.findByText('Average Players');
    expect(figure('Average Players')).toHaveTextContent('33');
    expect(figure('Peak Players')).toHaveTextContent(/^Peak Players37at /);
    expect(figure('Server Uptime')).toHaveTextContent('97.5 %');
    expect(figure('Online Servers')).toHaveTextContent('1');
    expect(figure('Offline Servers')).toHaveTextContent('1');
    expect(screen.getByRole('img', { name: 'Players on the network over time' })).toBeInTheDocument();
  });

  it('lists each server’s uptime, and its outages on demand', async () => {
    const { network, servers, render } = openTab();
    api.setNetworkMetrics(day(network.id, servers));
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Uptime per server' });
    const build = within(table).getByRole('row', { name: /EU Build/ });
    expect(build).toHaveTextContent('Offline');
    expect(build).toHaveTextContent('95.0 % over the 5 hours reported');
    const main = within(table).getByRole('row', { name: /EU Main/ });
    expect(main).toHaveTextContent('100.0 %');
    expect(main).not.toHaveTextContent('reported');
    const show = within(build).getByRole('button', { name: 'Show outages of EU Build' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const list = screen.getByRole('list', { name: 'Outages of EU Build' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/ – now \(.*, ongoing\)$/), expect.stringMatching(/\(30 min\)$/)]);
    await user.click(within(build).getByRole('button', { name: 'Hide outages of EU Build' }));
    expect(screen.queryByRole('list', { name: 'Outages of EU Build' })).not.toBeInTheDocument();
  });

  it('shows a dash, not a zero, for figures without reports', async () => {
    const { network, render } = openTab();
    api.setNetworkMetrics({
      ...day(network.id, ['a', 'b']),
      players: [],
      averagePlayers: null,
      peakPlayers: null,
      peakAt: null,
      onlineServers: 0,
      offlineServers: 0,
      servers: [],
    });
    render();
    expect(await screen.findByRole('heading', { name: 'No data yet' })).toBeInTheDocument();
    expect(figure('Average Players')).toHaveTextContent('—');
    expect(figure('Peak Players')).toHaveTextContent('none in the last 24 hours');
    expect(figure('Server Uptime')).toHaveTextContent('—');
  });

  it('reads the chosen range from the URL and switches it', async () => {
    const { network, render } = openTab('ana', '&range=1h');
    const { user } = render();
    await screen.findByText('Average Players');
    expect(screen.getByRole('radio', { name: '1 h' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '7 d' }));
    expect(screen.getByTestId('router-location')).toHaveTextContent('tab=analytics');
    expect(screen.getByTestId('router-location')).toHaveTextContent('range=7d');
    await waitFor(() =>
      expect(
        api.callsTo('GET', `/api/networks/${network.id}/metrics`).map((call) => call.query.get('range')),
      ).toEqual(['1h', '7d']),
    );
  });

  it('asks a network known to be on Free for no Premium range: Premium is said at once', async () => {
    const { network, render } = openTab('cy', '&range=30d');
    network.plan = 'free';
    render();
    expect(await screen.findByRole('heading', { name: 'This area is part of Premium' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/networks/${network.id}/metrics`)).toHaveLength(0);
  });

  it('explains Premium beyond 24 hours on a Free network, with Upgrade to /plan', async () => {
    const { render } = openTab('cy', '&range=30d');
    api.premiumRanges.add('7d').add('30d');
    render();
    expect(await screen.findByRole('heading', { name: 'This area is part of Premium' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Analytics over the last 30 days is part of the Premium plan, and this network's owner is on Free\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', paths.plan());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed read with Try Again', async () => {
    const { render } = openTab();
    api.failures.set('GET /api/networks/:id/metrics', {
      status: 500,
      body: { success: false, error: 'Something broke', code: 'INTERNAL' },
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load analytics');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('networkUptime', () => {
  it('averages the servers that reported, to one decimal', () => {
    const base = day('n', ['a', 'b']);
    expect(networkUptime(base)).toBe(97.5);
    expect(
      networkUptime({ ...base, servers: base.servers.map((s) => ({ ...s, uptimePercent: null })) }),
    ).toBeNull();
  });
});
