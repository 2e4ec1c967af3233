import { configureApiClient } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { act, screen, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import UpcomingAreaPage from '../../../shared/components/server-area-page';
import { BAN_CHECK_HOLDS } from './ban-check-card';
import ServerPage, { SERVER_POLL_MS } from './server-page';

const api = setUpFakeApi();

describe('the server page', () => {
  it('shows the header and, in an area with no content yet, says so instead of faking data', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    const server = api.addServer(network.id, 'EU Main', {
      status: 'online',
      playerCount: 12,
      maxPlayers: 100,
      map: 'Procedural Map',
      uptime: 11_520,
      connectionAddress: '203.0.113.10:28015',
    });
    renderAs('ana', <UpcomingAreaPage />, atRoute(paths.serverArea(network.id, server.id, 'map')));

    expect(await screen.findByRole('heading', { level: 1, name: 'EU Main' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toHaveClass('sf-status--online');
    expect(screen.getByText('203.0.113.10:28015')).toBeInTheDocument();
    expect(screen.getByText('12/100')).toBeInTheDocument();
    expect(screen.getByText('Procedural Map')).toBeInTheDocument();
    expect(screen.getByText('3h 12m')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Map' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Not available yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Map' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Players' })).toHaveAttribute(
      'href',
      paths.serverArea(network.id, server.id, 'players'),
    );
  });

  /** The overview of a reporting server whose ban-check path is known. */
  const openWithBanCheck = () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    const server = api.addServer(network.id, 'EU Main', {
      banCheckPath: '/api/plugin/v1/ban-check/s1/abc/',
      lastSeenAt: '2026-01-05T10:00:00.000Z',
    });
    renderAs('ana', <ServerPage />, atRoute(paths.server(network.id, server.id)));
  };

  it('shows the ban-check endpoint to put in the game server config on the overview', async () => {
    openWithBanCheck();
    expect(await screen.findByRole('heading', { name: 'Ban check' })).toBeInTheDocument();
    expect(screen.getByText(/server\.bansServerEndpoint/)).toHaveTextContent(
      `server.bansServerEndpoint "${window.location.origin}/api/plugin/v1/ban-check/s1/abc/"`,
    );
  });

  it.each([
    ['panel', BAN_CHECK_HOLDS.panel, /the server must be able to reach the address below/],
    ['bridge', BAN_CHECK_HOLDS.bridge, /while the bridge is down/],
    ['plugin', BAN_CHECK_HOLDS.plugin, /while the plugin is down/],
  ] as const)(
    'says what the ban check adds for a server connected through the %s',
    async (via, text, says) => {
      const network = api.addNetwork('Rust Legends', 'ana');
      const server = api.addServer(network.id, 'EU Main', {
        banCheckPath: '/api/plugin/v1/ban-check/s1/abc/',
        lastSeenAt: '2026-01-05T10:00:00.000Z',
      });
      api.connections.set(server.id, {
        via,
        state: 'connected',
        detail: null,
        since: null,
        bridgeVersion: null,
      });
      renderAs('ana', <ServerPage />, atRoute(paths.server(network.id, server.id)));
      const card = (await screen.findByRole('heading', { name: 'Ban check' })).closest('section')!;
      expect(await within(card).findByText(text)).toBeInTheDocument();
      expect(card).toHaveTextContent(says);
      expect(card).toHaveTextContent(
        'when a player joins, the game asks this panel whether a ban of the network holds',
      );
      // Only the way it is connected is named.
      for (const other of (['panel', 'bridge', 'plugin'] as const).filter((way) => way !== via))
        expect(card).not.toHaveTextContent(BAN_CHECK_HOLDS[other]);
    },
  );

  it('puts the panel’s configured public address in the ban-check endpoint', async () => {
    configureApiClient({ publicUrl: 'https://panel.example.net' });
    try {
      openWithBanCheck();
      expect(await screen.findByText(/server\.bansServerEndpoint/)).toHaveTextContent(
        'server.bansServerEndpoint "https://panel.example.net/api/plugin/v1/ban-check/s1/abc/"',
      );
    } finally {
      configureApiClient({ publicUrl: null });
    }
  });

  it('counts the new F7 reports (a link to the inbox) and gives managers the reports endpoint', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    const server = api.addServer(network.id, 'EU Main', {
      lastSeenAt: '2026-01-05T10:00:00.000Z',
      reportsPath: '/api/plugin/v1/reports/s1/sig',
      reportsKey: 'k3y',
    });
    api.newReports.set(server.id, 2);
    renderAs('ana', <ServerPage />, atRoute(paths.server(network.id, server.id)));
    expect(await screen.findByRole('link', { name: '2 new reports' })).toHaveAttribute(
      'href',
      `${paths.serverArea(network.id, server.id, 'punishments')}?tab=reports`,
    );
    expect(screen.getByLabelText('Reports endpoint settings')).toHaveTextContent(
      `server.reportsServerEndpoint "${window.location.origin}/api/plugin/v1/reports/s1/sig"` +
        'server.reportsServerEndpointKey "k3y"',
    );
  });

  it('lets an owner rotate the token after confirming, and shows the new one once', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    const server = api.addServer(network.id, 'EU Main', { lastSeenAt: '2026-01-05T10:00:00.000Z' });
    const { user } = renderAs('ana', <ServerPage />, atRoute(paths.server(network.id, server.id)));
    await user.click(await screen.findByRole('button', { name: 'Rotate Token' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate Token' });
    expect(confirm).toHaveTextContent(
      'The bridge (or a protocol plugin) of EU Main stops reporting until it has the new token',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Rotate Token' }));

    const issued = await screen.findByRole('dialog', { name: 'Server Token Rotated' });
    expect((within(issued).getByLabelText('Server Token') as HTMLInputElement).value).toMatch(
      /^opsrv_.*_rotated/,
    );
    expect(issued).toHaveTextContent('The old token of EU Main no longer works');
    await user.click(within(issued).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no token rotation to a member', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addMember(network.id, 'cy', 'member');
    const server = api.addServer(network.id, 'EU Main');
    renderAs('cy', <ServerPage />, atRoute(paths.server(network.id, server.id)));
    expect(await screen.findByRole('heading', { level: 1, name: 'EU Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate Token' })).not.toBeInTheDocument();
  });

  it('shows the demo (an admin) the RCON card and Rotate Token disabled with the reason, and none of the secrets', async () => {
    const network = api.addNetwork('Demo Network', 'system');
    api.addMember(network.id, 'demo', 'admin');
    // What the API gives the demo: no ban-check path, reports key or agent (they are secrets).
    const server = api.addServer(network.id, 'EU Main', { lastSeenAt: '2026-01-05T10:00:00.000Z' });
    api.rcon.set(server.id, {
      host: '203.0.113.7',
      port: 28016,
      state: 'wrong_password',
      lastError: null,
      connectedAt: null,
      refusedAt: new Date().toISOString(),
    });
    const { user } = renderAs('demo', <ServerPage />, {
      ...atRoute(paths.server(network.id, server.id)),
      demo: true,
    });
    const rcon = (await screen.findByRole('heading', { name: 'RCON connection' })).closest('section')!;
    expect(rcon).toHaveTextContent('The demo is read-only: its RCON connection is shown, not changed.');
    const buttons = [
      ...['Try again', 'Save and Reconnect', 'Remove'].map((name) =>
        within(rcon).getByRole('button', { name }),
      ),
      screen.getByRole('button', { name: 'Rotate Token' }),
    ];
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'The demo is read-only');
    }
    for (const label of ['RCON host', 'RCON port', 'RCON password'])
      expect(within(rcon).getByLabelText(label)).toBeDisabled();
    expect(within(rcon).getByLabelText('RCON password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Rotate Token' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reports endpoint settings')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect your server' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('says Server not found with a way back', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    renderAs('ana', <ServerPage />, atRoute(paths.server(network.id, 'nope')));
    const alert = await screen.findByRole('alert');
    // Said once: the API's own "Server not found" is not repeated under the title.
    expect(alert.textContent?.match(/Server not found/g)).toHaveLength(1);
    expect(alert).toHaveTextContent('It may have been deleted, or you are not a member of its network.');
    expect(screen.getByRole('link', { name: 'Back to Network' })).toHaveAttribute(
      'href',
      paths.network(network.id),
    );
  });

  it('follows the live status, players and map without a reload', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const network = api.addNetwork('Rust Legends', 'ana');
      const server = api.addServer(network.id, 'EU Main', {
        status: 'starting',
        playerCount: 0,
        maxPlayers: 50,
      });
      renderAs('ana', <ServerPage />, {
        ...atRoute(paths.server(network.id, server.id)),
        userOptions: { advanceTimers: jest.advanceTimersByTime },
      });
      expect(await screen.findByText('0/50')).toBeInTheDocument();

      Object.assign(server, { status: 'online', playerCount: 17, map: 'Barren' });
      await act(async () => {
        jest.advanceTimersByTime(SERVER_POLL_MS);
      });
      expect(await screen.findByText('17/50')).toBeInTheDocument();
      expect(screen.getByText('Barren')).toBeInTheDocument();
      expect(screen.getByText('Online')).toHaveClass('sf-status--online');
    } finally {
      jest.useRealTimers();
    }
  });
});
