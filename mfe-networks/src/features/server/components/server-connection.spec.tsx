import { paths, type RconStatus, type ServerConnection } from '@outpost/contracts';
import { screen, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import ServerPage from './server-page';

const api = setUpFakeApi();

/** Today at 14:02 in the person's own zone, as the page shows it (24-hour or 12-hour clock). */
const today1402 = () => {
  const at = new Date();
  at.setHours(14, 2, 0, 0);
  return at.toISOString();
};

/** The overview of a server that never reported, as `userId` (a member unless it is the owner, ana). */
const openHome = (userId: string, before: (serverId: string) => void = () => undefined) => {
  const network = api.addNetwork('Rust Legends', 'ana');
  if (userId !== 'ana') api.addMember(network.id, userId, 'member');
  const server = api.addServer(network.id, 'EU Main', { lastSeenAt: null });
  before(server.id);
  const rendered = renderAs(userId, <ServerPage />, atRoute(paths.server(network.id, server.id)));
  return { ...rendered, server };
};

/** The server's header (name and status badge). */
const header = () => document.querySelector<HTMLElement>('.sf-header')!;

describe('the server page says how the server is connected', () => {
  it('waits for a first report while nothing reported', async () => {
    openHome('mia');
    expect(await screen.findByRole('heading', { name: 'Waiting for the server' })).toBeInTheDocument();
    expect(within(header()).getByText('Waiting for its first report')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Connection' })).not.toBeInTheDocument();
  });

  describe('the panel’s own RCON, refused', () => {
    const refused = (): RconStatus => ({
      host: '203.0.113.7',
      port: 28016,
      state: 'wrong_password',
      lastError:
        '203.0.113.7:28016 refused the RCON password (it closed the connection during the handshake)',
      connectedAt: null,
      refusedAt: today1402(),
    });

    it('says when, that the panel will not retry, and offers Try again to a manager', async () => {
      const { user, server } = openHome('ana', (id) => api.rcon.set(id, refused()));
      const rcon = (await screen.findByText('RCON state')).closest<HTMLElement>('[role="status"]')!;
      expect(rcon).toHaveTextContent('Wrong password');
      expect(rcon).toHaveTextContent(
        /The server refused the password at (14:02|02:02 PM)\. The panel will not retry until you change it, press Try again, or 10 minutes have passed\./,
      );
      // The header says it too, instead of waiting for a first report.
      expect(await within(header()).findByText('Wrong password')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(api.callsTo('POST', `/api/servers/${server.id}/rcon/retry`)).toHaveLength(1);
      expect(await screen.findByText('Connecting', { selector: '.net-rcon-state *' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });

    it('tells a member that the password was refused, without the address or Try again', async () => {
      openHome('mia', (id) =>
        api.connections.set(id, {
          via: 'panel',
          state: 'wrong_password',
          detail: 'The game server refused the RCON password.',
          since: today1402(),
          bridgeVersion: null,
        }),
      );
      expect(
        await screen.findByRole('heading', { name: 'The server refused the password' }),
      ).toBeInTheDocument();
      const connection = screen.getByRole('status', { name: 'Connection' });
      expect(connection).toHaveTextContent('Wrong password through the panel’s RCON connection');
      expect(connection).toHaveTextContent(/The server refused the panel’s password at (14:02|02:02 PM)\./);
      expect(connection).toHaveTextContent('The game server refused the RCON password.');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });
  });

  describe('the bridge, refused by the game', () => {
    const bridge = (detail: string): ServerConnection => ({
      via: 'bridge',
      state: 'wrong_password',
      detail,
      since: today1402(),
      bridgeVersion: '0.1.0',
    });

    it('shows a manager the refusal, what to fix where the bridge runs, and the connect panel', async () => {
      openHome('ana', (id) => api.connections.set(id, bridge('127.0.0.1:28016 refused the RCON password')));

      const connection = await screen.findByRole('status', { name: 'Connection' });
      expect(connection).toHaveTextContent('Connection Wrong password through outpost-bridge 0.1.0');
      expect(connection).toHaveTextContent(
        /The server refused the bridge’s password at (14:02|02:02 PM)\. The bridge will not retry for 10 minutes: set the right RCON_PASSWORD where it runs and restart it\./,
      );
      expect(connection).toHaveTextContent('127.0.0.1:28016 refused the RCON password');
      expect(within(header()).getByText('Wrong password')).toBeInTheDocument();
      expect(within(header()).queryByText('Waiting for its first report')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Connect your server' })).toBeInTheDocument();
    });

    it('shows a member the state instead of "Waiting for its first report"', async () => {
      openHome('mia', (id) => api.connections.set(id, bridge('The game server refused the RCON password.')));
      expect(
        await screen.findByRole('heading', { name: 'The server refused the password' }),
      ).toBeInTheDocument();
      expect(within(header()).getByText('Wrong password')).toBeInTheDocument();
      const connection = screen.getByRole('status', { name: 'Connection' });
      expect(connection).toHaveTextContent(/The server refused the bridge’s password at (14:02|02:02 PM)\./);
      expect(connection).toHaveTextContent('The game server refused the RCON password.');
      expect(connection).not.toHaveTextContent('RCON_PASSWORD');
    });
  });
});
