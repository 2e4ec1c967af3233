import { getApiClientConfig } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { LOCATION_TEST_ID } from '@outpost/testing';
import { setUpFakeServer } from '@outpost/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { CHANNELS, FakeDiscordApi, GUILD, ROLES } from '../../../test/fake-discord-api';
import { atRoute, renderAs } from '../../../test/render';
import NetworksRoutes from '../../../routes';
import { browserNavigation } from '../utils/discord-install';
import { NetworkDiscordTab } from './network-discord-tab';

const api = setUpFakeServer(new FakeDiscordApi());

/** `ana` owns the network, `al` is an admin, `mo` a moderator, `cy` a member. */
const world = () => {
  const network = api.addNetwork('Rust Legends', 'ana');
  for (const [userId, role] of [
    ['al', 'admin'],
    ['mo', 'moderator'],
    ['cy', 'member'],
  ] as const)
    api.addMember(network.id, userId, role);
  return network;
};

const openTab = (userId: string, networkId: string, query = '', demo = false) =>
  renderAs(userId, <NetworkDiscordTab networkId={networkId} />, {
    ...atRoute(`${paths.network(networkId)}?tab=discord${query}`),
    demo,
  });

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const section = (name: string) => screen.findByRole('region', { name });

describe('the network’s Discord tab', () => {
  it('says which settings the operator must set and the Interactions Endpoint URL when the bot is not configured', async () => {
    const network = world();
    api.setDiscord(network.id, { configured: false, missing: ['DISCORD_PUBLIC_KEY', 'DISCORD_BOT_TOKEN'] });
    openTab('al', network.id);
    expect(await screen.findByRole('heading', { name: 'Discord' })).toBeInTheDocument();
    const setup = await section('The panel’s Discord bot is not set up yet');
    expect(
      within(within(setup).getByRole('list', { name: 'Settings to set' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['DISCORD_PUBLIC_KEY', 'DISCORD_BOT_TOKEN']);
    expect(setup).toHaveTextContent(
      'Interactions Endpoint URL, to enter in Discord’s developer portalhttps://panel.example.com/api/discord/interactions',
    );
    expect(setup).toHaveTextContent('README');
    expect(screen.queryByRole('button', { name: 'Add to Discord' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.endsWith('/discord/channels'))).toBe(false);
  });

  it('offers Add to Discord with no server linked: the browser goes to the API’s install route', async () => {
    const network = world();
    api.setDiscord(network.id);
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    try {
      const { user } = openTab('ana', network.id);
      expect(await screen.findByRole('heading', { name: 'No Discord server linked' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add to Discord' }));
      expect(assign).toHaveBeenCalledWith(
        `${getApiClientConfig().baseUrl}/api/networks/${network.id}/discord/install`,
      );
    } finally {
      assign.mockRestore();
    }
  });

  it('has Add to Discord disabled in the read-only demo', async () => {
    const network = world();
    api.addMember(network.id, 'demo', 'admin');
    api.setDiscord(network.id);
    openTab('demo', network.id, '', true);
    const add = await screen.findByRole('button', { name: 'Add to Discord' });
    expect(add).toBeDisabled();
    expect(add).toHaveAttribute('title', 'The demo is read-only');
  });

  it('shows the demo a linked server’s pickers and buttons disabled, each saying the demo is read-only', async () => {
    const network = world();
    api.addMember(network.id, 'demo', 'admin');
    api.setDiscord(network.id, { guild: GUILD, linkedRoleId: ROLES[1].id });
    openTab('demo', network.id, '', true);
    const form = await screen.findByRole('form', { name: 'Reports and Linked role' });
    const controls = [
      within(form).getByLabelText('Reports channel'),
      within(form).getByLabelText('Linked role'),
      within(form).getByRole('button', { name: 'Save' }),
      ...['Sync now', 'Disconnect', 'Add rule'].map((name) => screen.getByRole('button', { name })),
    ];
    for (const control of controls) {
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', 'The demo is read-only');
    }
  });

  it('says the server was linked when the install comes back, once, and takes it off the address', async () => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD });
    openTab('ana', network.id, '&discord=linked');
    expect(
      await within(toasts()).findByText('The bot is in Rust Legends HQ, with its slash commands.'),
    ).toBeInTheDocument();
    // The address is the tab's once the flag is gone (the flag's address starts the same).
    await waitFor(() => expect(screen.getByTestId(LOCATION_TEST_ID)).not.toHaveTextContent('discord=linked'));
    expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(
      `${paths.network(network.id)}?tab=discord`,
    );
    expect(within(toasts()).getAllByText(/Rust Legends HQ/)).toHaveLength(1);
  });

  it('says so while loading, and when it fails, with Try Again', async () => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD });
    api.held.add('GET /api/networks/:id/discord');
    const loading = openTab('ana', network.id);
    await screen.findByRole('heading', { name: 'Discord' });
    expect(screen.getByText('Loading Discord…')).toBeInTheDocument();
    api.held.clear();
    api.release();
    expect(await screen.findByText('Rust Legends HQ')).toBeInTheDocument();
    loading.unmount();

    api.failures.set('GET /api/networks/:id/discord', {
      status: 500,
      body: { success: false, error: 'The database is unavailable', code: 'DB_UNAVAILABLE' },
    });
    const { user } = openTab('ana', network.id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load Discord');
    expect(alert).toHaveTextContent('The database is unavailable');
    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Rust Legends HQ')).toBeInTheDocument();
  });

  it('shows the linked server and saves the reports channel and the Linked role; the API’s refusal stands beside its picker', async () => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD, linkedRoleId: ROLES[1].id });
    const { user } = openTab('al', network.id);
    expect(await screen.findByText('Rust Legends HQ')).toBeInTheDocument();
    for (const name of ['Sync now', 'Disconnect', 'Add rule'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    const form = await screen.findByRole('form', { name: 'Reports and Linked role' });
    const channel = within(form).getByLabelText('Reports channel');
    await waitFor(() => expect(channel).toBeEnabled());
    expect(channel).toHaveValue('');
    expect(within(form).getByLabelText('Linked role')).toHaveValue(ROLES[1].id);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();

    // Discord loses the channel between the read and the save: the API refuses it beside the picker.
    api.discord.get(network.id)!.channels = [CHANNELS[1]];
    await user.selectOptions(channel, '#reports');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        'Reports channel must be one of the server’s text channels, or null for none',
      ),
    ).toBeInTheDocument();
    expect(channel).toHaveAttribute('aria-invalid', 'true');

    api.discord.get(network.id)!.channels = CHANNELS;
    await user.selectOptions(channel, '#general');
    await user.selectOptions(within(form).getByLabelText('Linked role'), 'None');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(toasts()).findByText('Discord settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/networks/${network.id}/discord`).at(-1)?.body).toEqual({
      reportsChannelId: CHANNELS[1].id,
      linkedRoleId: null,
    });
    expect(api.discord.get(network.id)).toMatchObject({
      reportsChannelId: CHANNELS[1].id,
      linkedRoleId: null,
    });
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  it('Sync now shows who was added and removed where, each in-game command’s status, and the errors', async () => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD });
    api.syncReport = {
      membersRead: 42,
      changes: [
        {
          kind: 'group_added',
          steamId: '76561198000000001',
          discordUserId: '900000000000000031',
          discordName: 'rex',
          group: 'vip',
          serverId: 'srv-1',
          serverName: 'EU Main',
          commandId: 'cmd-1',
          status: 'succeeded',
        },
        {
          kind: 'group_removed',
          steamId: '76561198000000002',
          discordUserId: '900000000000000032',
          discordName: 'ana',
          group: 'vip',
          serverId: 'srv-2',
          serverName: 'US West',
          commandId: 'cmd-2',
          status: 'failed',
          detail: 'Unknown group vip',
        },
        {
          kind: 'role_added',
          steamId: '76561198000000001',
          discordUserId: '900000000000000031',
          discordName: 'rex',
          roleId: ROLES[1].id,
          status: 'done',
        },
      ],
      errors: ['Removing a role of bob: Missing Permissions'],
    };
    const { user } = openTab('ana', network.id);
    const report = await section('Last sync');
    expect(report).toHaveTextContent('Not synced yet');
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    const changes = await within(report).findByRole('list', { name: 'Changes' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'rex added to vip on EU MainSucceeded',
      'ana removed from vip on US WestFailedUnknown group vip',
      'rex given the role LinkedDone',
    ]);
    expect(report).toHaveTextContent('42 members read');
    expect(report).toHaveTextContent('Sync now');
    expect(within(report).getByRole('list', { name: 'Sync errors' })).toHaveTextContent(
      'Removing a role of bob: Missing Permissions',
    );
    expect(api.callsTo('POST', `/api/networks/${network.id}/discord/sync`)).toHaveLength(1);
  });

  it('says when Sync now is refused', async () => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD });
    api.failures.set('POST /api/networks/:id/discord/sync', {
      status: 409,
      body: { success: false, error: 'Discord is not answering', code: 'CONFLICT' },
    });
    const { user } = openTab('ana', network.id);
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Discord is not answering');
  });

  it('lists the linked players and removes a link after confirmation', async () => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD });
    api.addLink(network.id);
    api.addLink(network.id, {
      steamId: '76561198000000002',
      discordName: 'ghost',
      playerName: null,
      active: false,
    });
    const { user } = openTab('ana', network.id);
    const table = await screen.findByRole('table', { name: 'Linked players' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Rex 76561198000000001', 'rex', 'Active'],
      ['76561198000000002', 'ghost', 'Inactive'],
    ]);
    expect(within(rows[0]).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-21T10:00:00.000Z');

    await user.click(within(table).getByRole('button', { name: 'Remove the link of Rex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Discord link' });
    expect(dialog).toHaveTextContent('Rex is no longer linked to rex on Discord');
    await user.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(api.links.map((link) => link.steamId)).toEqual(['76561198000000002']);
  });

  it('says when no player has linked yet', async () => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD });
    openTab('ana', network.id);
    expect(await screen.findByRole('heading', { name: 'No linked players yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No role rules yet' })).toBeInTheDocument();
  });

  it('disconnects after confirmation and offers Add to Discord again', async () => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD });
    const { user } = openTab('ana', network.id);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Discord' });
    expect(dialog).toHaveTextContent('The players’ links stay');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `/api/networks/${network.id}/discord`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Disconnect Discord' })).getByRole('button', {
        name: 'Disconnect',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Add to Discord' })).toBeEnabled();
    expect(within(toasts()).getByText('Rust Legends HQ was disconnected')).toBeInTheDocument();
  });
});

describe('the network page', () => {
  it.each([
    ['ana', true],
    ['al', true],
    ['mo', false],
    ['cy', false],
  ])('offers %s the Discord tab: %s', async (userId, offered) => {
    const network = world();
    api.setDiscord(network.id, { guild: GUILD });
    renderAs(
      userId,
      <NetworksRoutes screen="network-dashboard" />,
      atRoute(`${paths.network(network.id)}?tab=discord`),
    );
    if (offered) {
      expect(await screen.findByRole('tab', { name: 'Discord', selected: true })).toBeInTheDocument();
      expect(await screen.findByText('Rust Legends HQ')).toBeInTheDocument();
    } else {
      expect(await screen.findByRole('tab', { name: 'Servers', selected: true })).toBeInTheDocument();
      expect(screen.queryByRole('tab', { name: 'Discord' })).not.toBeInTheDocument();
      // This network's (a call of the test before may still land meanwhile).
      expect(
        api.calls
          .filter((call) => call.path.includes(network.id) && call.path.includes('/discord'))
          .map((call) => call.path),
      ).toEqual([]);
    }
  });
});
