import { paths } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakePlayersApi } from '../../../test/render';
import ServerPlayersPage from './server-players-page';

const api = setUpFakePlayersApi();

const renderPage = (userId: string, serverId: string) =>
  renderAs(userId, <ServerPlayersPage />, atRoute(paths.serverArea(api.network.id, serverId, 'players')));

describe('the server players page', () => {
  it("lists only that server's players, with its own capacity, and the role from the network", async () => {
    api.roles.set('bo', 'admin');
    const eu = api.addServer('EU Main', { playerCount: 2, maxPlayers: 8 });
    api.addServer('US Test', { playerCount: 5, maxPlayers: 100 });
    api.addPlayer('Rex', { serverId: eu.id, currentServer: 'EU Main', status: 'online' });
    api.addPlayer('Yank', { serverId: 'srv-2', currentServer: 'US Test', status: 'online' });
    const { user } = renderPage('bo', eu.id);

    expect(await screen.findByRole('heading', { level: 1, name: 'EU Main' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Players' })).toBeInTheDocument();
    // The server's area navigation stays, as on every server area of the networks remote.
    expect(screen.getByRole('link', { name: 'Players' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Console' })).toHaveAttribute(
      'href',
      paths.serverArea(api.network.id, eu.id, 'console'),
    );
    expect(await screen.findByRole('button', { name: 'Rex' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yank' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('Capacity Usage', { selector: 'dt' }).nextSibling).toHaveTextContent('25%'),
    );
    expect(screen.queryByLabelText('Server')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'href',
      paths.server(api.network.id, eu.id),
    );

    await user.click(screen.getByRole('button', { name: 'Rex' }));
    expect(await screen.findByRole('button', { name: 'Ban' })).toBeInTheDocument();
  });

  it('opens the action dialog a link asks for (Punish on Suspicious Activity), then shows the list on Back', async () => {
    api.roles.set('bo', 'admin');
    const eu = api.addServer('EU Main', { playerCount: 1, maxPlayers: 8 });
    const rex = api.addPlayer('Rex', { serverId: eu.id, currentServer: 'EU Main', status: 'online' });
    api.addPlayer('Yak', { serverId: eu.id, currentServer: 'EU Main', status: 'online' });
    const { user } = renderAs(
      'bo',
      <ServerPlayersPage />,
      atRoute(paths.playerAction(api.network.id, eu.id, rex.steamId, 'ban')),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ban Rex' });
    expect(within(dialog).getByRole('radio', { name: 'Ban' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Back to Players' }));
    expect(await screen.findByRole('button', { name: 'Yak' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a member the player a link names, without the dialog', async () => {
    api.roles.set('cy', 'member');
    const eu = api.addServer('EU Main');
    const rex = api.addPlayer('Rex', { serverId: eu.id, currentServer: 'EU Main', status: 'online' });
    renderAs(
      'cy',
      <ServerPlayersPage />,
      atRoute(paths.playerAction(api.network.id, eu.id, rex.steamId, 'ban')),
    );
    expect(await screen.findByRole('button', { name: 'Back to Players' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says Server not found to a stranger', async () => {
    api.addServer('EU Main');
    renderPage('eve', 'srv-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server not found');
  });

  it('says in its header that the server refused the password, before any report, as the server page does', async () => {
    api.roles.set('cy', 'member');
    const refused = api.addServer('EU Refusing', { lastSeenAt: null, status: 'offline' });
    api.connections.set(refused.id, {
      via: 'panel',
      state: 'wrong_password',
      detail: 'The server refused the password',
      since: '2026-01-01T14:02:00.000Z',
      bridgeVersion: null,
    });
    const waiting = api.addServer('EU Waiting', { lastSeenAt: null, status: 'offline' });
    const { unmount } = renderPage('cy', refused.id);
    const header = () => screen.getByRole('heading', { level: 1 }).closest('header')!;
    await waitFor(() => expect(header()).toHaveTextContent('Wrong password'));
    expect(header()).not.toHaveTextContent('Waiting for its first report');
    unmount();
    // A server nobody has connected yet still waits for its first report.
    renderPage('cy', waiting.id);
    expect(await screen.findByText('Waiting for its first report')).toBeInTheDocument();
  });

  it('gives a member the frame without a console link', async () => {
    api.roles.set('cy', 'member');
    const eu = api.addServer('EU Main');
    renderPage('cy', eu.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'EU Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Players' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
  });
});
