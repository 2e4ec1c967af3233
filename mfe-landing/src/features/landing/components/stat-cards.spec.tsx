import { configureApiClient } from '@outpost/api-client';
import { json, startTestServer, type TestServer } from '@outpost/api-client/test-server';
import type { PublicStats } from '@outpost/contracts';
import { renderWithProviders } from '@outpost/testing';
import { screen, waitFor } from '@testing-library/react';
import { PUBLIC_STATS_FRESH_MS } from '../api/landing.api';
import { DemoSection } from './demo-section';
import { StatCards } from './stat-cards';

let server: TestServer;
let stats: PublicStats | null;
let clock = Date.now();

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/public/stats': (_req, res) =>
      stats
        ? json(res, 200, { success: true, data: stats })
        : json(res, 503, { success: false, error: 'Database unavailable', code: 'UNAVAILABLE' }),
  });
  configureApiClient({ baseUrl: server.url, demo: true, publicStats: true });
});
afterAll(async () => {
  configureApiClient({ baseUrl: '', demo: false, publicStats: false });
  await server.close();
});
beforeEach(() => {
  // Each test starts after the last one's numbers went stale.
  clock += PUBLIC_STATS_FRESH_MS + 1;
  jest.spyOn(Date, 'now').mockImplementation(() => clock);
  server.requests.length = 0;
});
afterEach(() => jest.restoreAllMocks());

const live: PublicStats = {
  totals: { networks: 3, servers: 12, onlineServers: 9, players: 48_210, onlinePlayers: 1530 },
  demo: { onlineServers: 3, onlinePlayers: 140 },
};
const empty = { networks: 0, servers: 0, onlineServers: 0, players: 0, onlinePlayers: 0 };

describe('StatCards and the demo statistics', () => {
  it('show no totals and ask for none while the operator keeps them private (PUBLIC_STATS off)', async () => {
    configureApiClient({ publicStats: false, demo: false });
    try {
      stats = live;
      renderWithProviders(<StatCards />);
      expect(screen.queryByLabelText('Panel statistics')).not.toBeInTheDocument();
      expect(server.requests).toHaveLength(0);
    } finally {
      configureApiClient({ publicStats: true, demo: true });
    }
  });

  it('show the demo’s figures without the panel’s totals when only those are public', async () => {
    configureApiClient({ publicStats: false });
    try {
      stats = { totals: null, demo: { onlineServers: 3, onlinePlayers: 140 } };
      renderWithProviders(
        <>
          <StatCards />
          <DemoSection />
        </>,
      );
      expect(await screen.findByText('140')).toBeInTheDocument();
      expect(screen.queryByLabelText('Panel statistics')).not.toBeInTheDocument();
      expect(screen.queryByText('Players tracked')).not.toBeInTheDocument();
    } finally {
      configureApiClient({ publicStats: true });
    }
  });

  it('show the panel’s real numbers from one shared request', async () => {
    stats = live;
    renderWithProviders(
      <>
        <StatCards />
        <DemoSection />
      </>,
    );
    expect(await screen.findByText('1.5K')).toBeInTheDocument();
    expect(screen.getByText('Servers tracked').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('9 online')).toBeInTheDocument();
    expect(screen.getByText('Players tracked').nextSibling).toHaveTextContent('48.2K');
    expect(await screen.findByText('140')).toBeInTheDocument();
    expect(server.requests.map((request) => request.url)).toEqual(['/api/public/stats']);
  });

  it('show numbers read moments ago at once when the visitor comes back', async () => {
    stats = live;
    const { unmount } = renderWithProviders(<StatCards />);
    expect(await screen.findByText('1.5K')).toBeInTheDocument();
    unmount();
    renderWithProviders(<StatCards />);
    expect(screen.getByText('1.5K')).toBeInTheDocument();
    expect(server.requests).toHaveLength(1);
  });

  it('say plainly that a new panel has no servers yet', async () => {
    stats = { totals: empty, demo: null };
    renderWithProviders(<StatCards />);
    expect(await screen.findByText(/This panel is new: no servers report to it yet/)).toBeInTheDocument();
  });

  it('do not say no servers report while the demo network’s do', async () => {
    stats = { totals: empty, demo: { onlineServers: 3, onlinePlayers: 41 } };
    renderWithProviders(<StatCards />);
    expect(
      await screen.findByText(
        "This panel is new: only the demo network's 3 simulated servers report to it so far. Add yours to see its figures here.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no servers report/)).not.toBeInTheDocument();
  });

  it('show nothing when the numbers cannot be read, and ask again on the next visit', async () => {
    stats = null;
    const { unmount } = renderWithProviders(<StatCards />);
    expect(screen.getByLabelText('Panel statistics')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.queryByLabelText('Panel statistics')).not.toBeInTheDocument());
    unmount();
    stats = live;
    renderWithProviders(<StatCards />);
    expect(await screen.findByText('1.5K')).toBeInTheDocument();
    expect(server.requests).toHaveLength(2);
  });
});
