import { configureApiClient } from '@outpost/api-client';
import { MESSAGES } from '@outpost/validation';
import { paths } from '@outpost/contracts';
import type { RconStatus } from '@outpost/contracts';
import { act, screen, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import { RCON_CONNECTING_POLL_MS, RCON_POLL_MS } from '../hooks/use-rcon-status';
import ServerPage from './server-page';

const api = setUpFakeApi();

const openHome = (userId = 'ana', extra = {}) => {
  const network = api.addNetwork('Rust Legends', 'ana');
  if (userId !== 'ana') api.addMember(network.id, userId, 'member');
  const server = api.addServer(network.id, 'EU Main', extra);
  const rendered = renderAs(userId, <ServerPage />, atRoute(paths.server(network.id, server.id)));
  return { ...rendered, server };
};

describe('Connect your server', () => {
  it('shows a manager both ways side by side for a server that never reported', async () => {
    openHome();
    expect(await screen.findByRole('heading', { name: 'Connect your server' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Let the panel connect' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Run the bridge' })).toBeInTheDocument();
    expect(await screen.findByLabelText('RCON port')).toHaveValue('28016');
    // The two secrets in the environment first, as the README and the bridge's --help say.
    expect(screen.getByLabelText('Bridge command')).toHaveTextContent(
      `OUTPOST_URL=${window.location.origin} \\ OUTPOST_TOKEN='<server token>' \\ RCON_HOST=127.0.0.1 \\ RCON_PORT=28016 \\ RCON_PASSWORD='<your rcon password>' \\ node outpost-bridge.mjs`,
    );
    // The flags (which show in the process list) only behind a closed disclosure.
    const flags = screen.getByLabelText('Bridge command with flags');
    expect(flags).toHaveTextContent(
      `node outpost-bridge.mjs --url ${window.location.origin} --token <server token> --rcon-host 127.0.0.1 --rcon-port 28016 --rcon-password <your rcon password>`,
    );
    const disclosure = flags.closest('details');
    expect(disclosure).not.toHaveAttribute('open');
    expect(within(disclosure!).getByText('The same with flags')).toBeInTheDocument();
    expect(
      screen.getByLabelText('Bridge command').compareDocumentPosition(flags) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('gives the bridge the panel’s configured public address rather than the page’s', async () => {
    configureApiClient({ publicUrl: 'https://panel.example.net/' });
    try {
      openHome();
      expect(await screen.findByLabelText('Bridge command')).toHaveTextContent(
        'OUTPOST_URL=https://panel.example.net',
      );
      expect(screen.getByLabelText('Bridge command with flags')).toHaveTextContent(
        'node outpost-bridge.mjs --url https://panel.example.net --token <server token>',
      );
    } finally {
      configureApiClient({ publicUrl: null });
    }
  });

  it('rotates the token after confirming and puts the new one in the command', async () => {
    const { user, server } = openHome();
    await user.click(await screen.findByRole('button', { name: 'Rotate token and show the command' }));
    const confirm = screen.getByRole('dialog', { name: 'Rotate token' });
    expect(confirm).toHaveTextContent('The old token of EU Main stops working at once');
    expect(api.callsTo('POST', `/api/servers/${server.id}/token`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate token' }));

    expect(await screen.findByText(/This is the new token of EU Main/)).toBeInTheDocument();
    expect(screen.getByLabelText('Bridge command')).toHaveTextContent(
      new RegExp(`OUTPOST_TOKEN='opsrv_${server.id}_rotated\\d+'`),
    );
    expect(screen.getByLabelText('Bridge command with flags')).toHaveTextContent(
      new RegExp(`--token opsrv_${server.id}_rotated\\d+ --rcon-host`),
    );
    expect(
      screen.queryByRole('button', { name: 'Rotate token and show the command' }),
    ).not.toBeInTheDocument();
  });

  it('saves the RCON connection and shows its state, checking again while connecting', async () => {
    const { user, server } = openHome();
    await user.type(await screen.findByLabelText('RCON host'), '192.168.1.20');
    await user.type(screen.getByLabelText('RCON password'), 'hunter2');
    await user.click(screen.getByRole('button', { name: 'Save and Connect' }));

    expect(api.callsTo('PUT', `/api/servers/${server.id}/rcon`)[0]?.body).toEqual({
      host: '192.168.1.20',
      port: 28016,
      password: 'hunter2',
    });
    const state = await screen.findByRole('status');
    expect(state).toHaveTextContent('Connecting');
    expect(state).toHaveTextContent('The panel is reaching 192.168.1.20:28016');

    api.rcon.get(server.id)!.state = 'wrong_password';
    expect(await screen.findByText('Wrong password', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The server refused the password');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Save and Connect' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.rcon.has(server.id)).toBe(false);
  });

  it('shows the API’s message beside the field it names', async () => {
    const { user } = openHome();
    await user.type(await screen.findByLabelText('RCON host'), '10.0.0.5');
    await user.click(screen.getByRole('button', { name: 'Save and Connect' }));
    expect(await screen.findByText(MESSAGES.rconPasswordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('RCON password')).toHaveAccessibleDescription(MESSAGES.rconPasswordRequired);
  });

  it('shows a member no connect panel, only that the server has not reported', async () => {
    openHome('cy');
    expect(await screen.findByRole('heading', { name: 'Waiting for the server' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connect your server' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.endsWith('/rcon'))).toBe(false);
  });

  it('shows the RCON state on the page of a server that reports', async () => {
    const { server } = openHome('ana', { lastSeenAt: '2026-01-05T10:00:00.000Z', status: 'online' });
    api.rcon.set(server.id, {
      host: '10.0.0.5',
      port: 28016,
      state: 'connected',
      lastError: null,
      connectedAt: '2026-01-05T09:00:00.000Z',
      refusedAt: null,
    });
    expect(await screen.findByRole('heading', { name: 'RCON connection' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Connected');
  });

  describe('follows the RCON state without a reload', () => {
    const REPORTING = { lastSeenAt: '2026-01-05T10:00:00.000Z', status: 'online' } as const;
    const connected: RconStatus = {
      host: '10.0.0.5',
      port: 28016,
      state: 'connected',
      lastError: null,
      connectedAt: '2026-01-05T09:00:00.000Z',
      refusedAt: null,
    };
    const wait = (ms: number) =>
      act(async () => {
        jest.advanceTimersByTime(ms);
      });

    beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    it('shows Unreachable on a reporting server once its game server stops', async () => {
      const { server } = openHome('ana', REPORTING);
      api.rcon.set(server.id, { ...connected });
      expect(await screen.findByText('Connected')).toBeInTheDocument();

      Object.assign(api.rcon.get(server.id)!, { state: 'unreachable', lastError: 'connect ECONNREFUSED' });
      await wait(RCON_POLL_MS);
      expect(await screen.findByText('Unreachable')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Last error: connect ECONNREFUSED');
    });

    it('shows Wrong password in Connect your server once the game side changes it', async () => {
      const { server } = openHome();
      api.rcon.set(server.id, { ...connected });
      expect(await screen.findByText('Connected')).toBeInTheDocument();

      api.rcon.get(server.id)!.state = 'wrong_password';
      await wait(RCON_POLL_MS);
      expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    });

    it('asks sooner while the panel is still connecting', async () => {
      const { server } = openHome('ana', REPORTING);
      api.rcon.set(server.id, { ...connected, state: 'connecting', connectedAt: null });
      expect(await screen.findByText('Connecting')).toBeInTheDocument();

      api.rcon.get(server.id)!.state = 'connected';
      await wait(RCON_CONNECTING_POLL_MS);
      // findBy moves fake timers on while it waits: kept short so only the connecting interval fits.
      expect(await screen.findByText('Connected', {}, { timeout: 500 })).toBeInTheDocument();
    });

    it('does not ask again while no connection is saved', async () => {
      const { server } = openHome();
      expect(await screen.findByRole('button', { name: 'Save and Connect' })).toBeInTheDocument();
      const asked = api.callsTo('GET', `/api/servers/${server.id}/rcon`).length;
      await wait(RCON_POLL_MS * 2);
      expect(api.callsTo('GET', `/api/servers/${server.id}/rcon`)).toHaveLength(asked);
    });
  });
});
