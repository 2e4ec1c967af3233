import { paths } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import NetworkDashboardPage, { visibleTabs } from './network-dashboard-page';

const api = setUpFakeApi();

const renderNetwork = (userId: string, networkId: string, tab?: string) =>
  renderAs(
    userId,
    <NetworkDashboardPage />,
    atRoute(`${paths.network(networkId)}${tab ? `?tab=${tab}` : ''}`),
  );

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the network dashboard', () => {
  it('shows every tab, Add Server and Invite to the owner', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    renderNetwork('ana', network.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rust Legends' })).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'Servers',
      'Analytics',
      'Players',
      'Punishments',
      'Reports',
      'Members',
      'Settings',
    ]);
    expect(screen.getByRole('button', { name: 'Add Server' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
  });

  it("gives the demo an admin's view with Add Server and Invite disabled: the demo is read-only", async () => {
    const network = api.addNetwork('Demo Network', 'system');
    api.addMember(network.id, 'demo', 'admin');
    renderAs('demo', <NetworkDashboardPage />, { ...atRoute(paths.network(network.id)), demo: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Network' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Servers', 'Analytics', 'Players', 'Punishments', 'Reports', 'Members']);
    for (const name of ['Add Server', 'Invite']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'The demo is read-only');
    }
  });

  it("shows the demo a server card's Delete and a member's Manage disabled, saying the demo is read-only", async () => {
    const network = api.addNetwork('Demo Network', 'system');
    api.addMember(network.id, 'demo', 'admin');
    api.addMember(network.id, 'mira', 'moderator');
    api.addServer(network.id, 'EU Main');
    const { user } = renderAs('demo', <NetworkDashboardPage />, {
      ...atRoute(paths.network(network.id)),
      demo: true,
    });
    const remove = await screen.findByRole('button', { name: 'Delete EU Main' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAttribute('title', 'The demo is read-only');

    await user.click(screen.getByRole('tab', { name: 'Members' }));
    const list = await screen.findByRole('list', { name: 'Members' });
    const mira = within(list)
      .getAllByRole('listitem')
      .find((row) => row.textContent?.includes('Moderator'))!;
    const manage = within(mira).getByRole('button', { name: /^Manage / });
    expect(manage).toBeDisabled();
    expect(manage).toHaveAttribute('title', 'The demo is read-only');
  });

  it('counts the new F7 reports for a moderator, with a link to the inbox, and not for a member', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addMember(network.id, 'mo', 'moderator');
    api.addMember(network.id, 'cy', 'member');
    const server = api.addServer(network.id, 'EU Main');
    api.newReports.set(server.id, 3);
    const moderator = renderNetwork('mo', network.id);
    expect(await screen.findByRole('link', { name: '3 new reports' })).toHaveAttribute(
      'href',
      `${paths.network(network.id)}?tab=reports`,
    );
    moderator.unmount();
    renderNetwork('cy', network.id);
    await screen.findByRole('heading', { level: 1, name: 'Rust Legends' });
    expect(screen.queryByRole('link', { name: /new report/ })).not.toBeInTheDocument();
  });

  it('shows Members but not Settings to an admin, and only the four read tabs to a member', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addMember(network.id, 'bo', 'admin');
    api.addMember(network.id, 'cy', 'member');

    const admin = renderNetwork('bo', network.id);
    await screen.findByRole('heading', { level: 1, name: 'Rust Legends' });
    expect(tabNames()).toEqual(['Servers', 'Analytics', 'Players', 'Punishments', 'Reports', 'Members']);
    expect(screen.getByRole('button', { name: 'Add Server' })).toBeInTheDocument();
    admin.unmount();

    renderNetwork('cy', network.id, 'members');
    await screen.findByRole('heading', { level: 1, name: 'Rust Legends' });
    expect(tabNames()).toEqual(['Servers', 'Analytics', 'Players', 'Punishments']);
    // Asked for Members without the role: the view falls back to Servers.
    expect(screen.getByRole('tab', { name: 'Servers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: 'Add Server' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
  });

  it('shows the active invite code in Invite Members, and revokes it', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addInvite(network.id, 'ABCDE-FGHJK-LMNPQ');
    const { user } = renderNetwork('ana', network.id);
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Members' });
    expect(await within(dialog).findByText('ABCDE-FGHJK-LMNPQ')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(
      await within(dialog).findByText('There is no active invite code. Generate one to invite someone.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('ABCDE-FGHJK-LMNPQ')).not.toBeInTheDocument();
  });

  it('says Network not found, with Back to Networks, to a stranger', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    renderNetwork('eve', network.id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network not found');
    expect(within(alert).getByRole('link', { name: 'Back to Networks' })).toHaveAttribute(
      'href',
      paths.networks(),
    );
  });

  it('lists servers with the stats row, links to each, and deletes one after confirmation', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    const main = api.addServer(network.id, 'EU Main', { status: 'online', playerCount: 5, maxPlayers: 50 });
    api.addServer(network.id, 'US Test');
    const { user } = renderNetwork('ana', network.id);

    expect(await screen.findByRole('link', { name: 'EU Main' })).toHaveAttribute(
      'href',
      paths.server(network.id, main.id),
    );
    expect(screen.getByText('Health %', { selector: '.op-stat__label' }).nextSibling).toHaveTextContent(
      '50%',
    );
    expect(screen.getByText('Players', { selector: '.op-stat__label' }).nextSibling).toHaveTextContent('5');

    api.failures.set('DELETE /api/servers/:id', {
      status: 409,
      body: { success: false, error: 'The server is busy', code: 'CONFLICT' },
    });
    await user.click(screen.getByRole('button', { name: 'Delete US Test' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Server' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Server' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete server: The server is busy',
    );

    api.failures.clear();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Server' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'US Test' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.servers.map((server) => server.name)).toEqual(['EU Main']);
  });

  it('shows a server that never reported as waiting, not Offline 0/8, and leaves it out of Health', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addServer(network.id, 'New One', { lastSeenAt: null });
    renderNetwork('ana', network.id);

    const card = (await screen.findByRole('link', { name: 'New One' })).closest('article')!;
    expect(within(card).getByText('Waiting for its first report')).toBeInTheDocument();
    expect(within(card).queryByText('Offline')).not.toBeInTheDocument();
    expect(within(card).queryByText('0/8')).not.toBeInTheDocument();
    const health = screen.getByText('Health %', { selector: '.op-stat__label' }).parentElement!;
    expect(health).toHaveTextContent('—');
    expect(health).toHaveTextContent('no server has reported yet');
  });

  it('has no Health figure for a network without servers, and says how servers connect', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    renderNetwork('ana', network.id);
    expect(await screen.findByText(/the panel through WebRCON, or the Outpost bridge/)).toHaveTextContent(
      'No plugin is needed.',
    );
    expect(screen.getByText('Health %', { selector: '.op-stat__label' }).nextSibling).toHaveTextContent('—');
  });

  it('lists members with the Anonymous User fallback, a You badge and Manage only on non-owners', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addMember(network.id, 'bo', 'admin', null);
    const { user } = renderNetwork('ana', network.id);
    await user.click(await screen.findByRole('tab', { name: 'Members' }));

    const list = await screen.findByRole('list', { name: 'Members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('You');
    expect(within(rows[0]).queryByRole('button', { name: /Manage/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Anonymous User');
    // Facts, not a phrase picked for them.
    expect(rows[1]).toHaveTextContent('Admin · not active yet');
    expect(screen.getByRole('button', { name: 'Manage Roles' })).toBeDisabled();

    await user.click(within(rows[1]).getByRole('button', { name: 'Manage Anonymous User' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Member' });
    expect(within(dialog).getByRole('button', { name: 'Make Admin' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Make Member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('counts the admins in the Members summary without the owner', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addMember(network.id, 'bo', 'admin');
    api.addMember(network.id, 'cy', 'moderator');
    api.addMember(network.id, 'di', 'member');
    renderNetwork('ana', network.id, 'members');
    await screen.findByRole('list', { name: 'Members' });
    const stat = (label: string) => screen.getByText(label, { selector: '.op-stat__label' }).nextSibling;
    expect(stat('Total Members')).toHaveTextContent('4');
    expect(stat('Admins')).toHaveTextContent('1');
    expect(stat('Your Role')).toHaveTextContent('Owner');
  });

  it('contains a Punishments tab from mfe-players that cannot load, for a member too', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addMember(network.id, 'cy', 'member');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderNetwork('cy', network.id, 'punishments');
    expect(screen.getByTestId('router-location')).toHaveTextContent('?tab=punishments');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('This section is unavailable');
    expect(alert).toHaveTextContent('The punishments section could not be loaded.');
    expect(screen.getByRole('tab', { name: 'Punishments' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the Reports tab (mfe-players’ inbox) from its own tab and from the inbox’s older address', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addMember(network.id, 'mo', 'moderator');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = renderNetwork('mo', network.id, 'reports');
    expect(await screen.findByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The reports section could not be loaded.',
    );
    first.unmount();
    renderAs(
      'mo',
      <NetworkDashboardPage />,
      atRoute(`${paths.network(network.id)}?tab=punishments&view=reports`),
    );
    expect(await screen.findByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  });

  it('contains a Players tab that cannot load: This section is unavailable, with Retry', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderNetwork('ana', network.id, 'players');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('This section is unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // The rest of the dashboard keeps working.
    await user.click(screen.getByRole('tab', { name: 'Servers' }));
    expect(await screen.findByRole('heading', { name: 'No servers yet' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('visibleTabs', () => {
  const ids = (...args: Parameters<typeof visibleTabs>) => visibleTabs(...args).map((tab) => tab.id);

  it('puts Punishments after Players for every role, then Reports for those who work them', () => {
    expect(ids('member')).toEqual(['servers', 'analytics', 'players', 'punishments']);
    expect(ids('moderator', { logs: true, audit: true })).toEqual([
      'servers',
      'analytics',
      'players',
      'punishments',
      'reports',
      'logs',
      'audit',
    ]);
    expect(ids('owner', { logs: true, audit: true })).toEqual([
      'servers',
      'analytics',
      'players',
      'punishments',
      'reports',
      'logs',
      'audit',
      'members',
      'settings',
    ]);
  });

  it('offers Automation to moderators and up, never to members', () => {
    expect(ids('member', { automation: true })).not.toContain('automation');
    expect(ids('moderator', { automation: true })).toContain('automation');
    expect(ids('admin', { alerts: true, automation: true })).toEqual([
      'servers',
      'analytics',
      'players',
      'punishments',
      'reports',
      'alerts',
      'automation',
      'members',
    ]);
    expect(ids('owner')).not.toContain('automation');
  });

  it('offers Discord to the owner and admins, after Settings, never to moderators or members', () => {
    expect(ids('owner', { discord: true }).slice(-2)).toEqual(['settings', 'discord']);
    expect(ids('admin', { discord: true }).slice(-2)).toEqual(['members', 'discord']);
    expect(ids('moderator', { discord: true })).not.toContain('discord');
    expect(ids('member', { discord: true })).not.toContain('discord');
    expect(ids('owner')).not.toContain('discord');
  });
});
