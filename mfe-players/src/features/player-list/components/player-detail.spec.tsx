import { liveEventReceived } from '@outpost/api-client';
import { paths, type CommandItem } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderAs, setUpFakePlayersApi } from '../../../test/render';
import { PlayersTab } from './players-tab';

const api = setUpFakePlayersApi();
const VIEW_ONLY = 'Player information is view-only. Contact an admin for player actions.';

const openRex = async (userId: string, options: { demo?: boolean } = {}) => {
  const utils = renderAs(
    userId,
    <PlayersTab networkId={api.network.id} role={api.roles.get(userId) ?? 'member'} />,
    options,
  );
  await utils.user.click(await screen.findByRole('button', { name: 'Rex' }));
  await screen.findByRole('heading', { name: 'Rex' });
  return utils;
};

/** Rex's detail as the owner, with the dialog of one of the action buttons open. */
const openDialog = async (button: 'Kick' | 'Warn' | 'Ban') => {
  api.roles.set('ana', 'owner');
  const utils = await openRex('ana');
  await utils.user.click(screen.getByRole('button', { name: button }));
  return { ...utils, dialog: screen.getByRole('dialog', { name: `${button} Rex` }) };
};

/** Picks a ban's duration and scope (the dialog preselects neither). */
const chooseBan = async (
  user: Awaited<ReturnType<typeof openDialog>>['user'],
  dialog: HTMLElement,
  duration: string,
  scope: 'This server' | 'Whole network',
) => {
  await user.click(within(dialog).getByRole('radio', { name: duration }));
  await user.click(within(dialog).getByRole('radio', { name: scope }));
};

beforeEach(() => {
  const server = api.addServer('EU Main');
  api.addServer('US Test');
  api.addPlayer('Rex', { status: 'online', serverId: server.id, currentServer: 'EU Main' });
});

describe('the player detail', () => {
  it('shows a member the view-only message instead of actions, and goes back to the list', async () => {
    api.roles.set('cy', 'member');
    const { user } = await openRex('cy');
    expect(screen.getByText(VIEW_ONLY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kick' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Full Profile' })).toHaveAttribute(
      'href',
      paths.playerProfile(api.network.id, api.players[0].steamId),
    );
    await user.click(screen.getByRole('button', { name: 'Back to Players' }));
    expect(await screen.findByRole('table', { name: 'Players' })).toBeInTheDocument();
  });

  it('offers kick and warn only while the player is on a server, and says so', async () => {
    api.addPlayer('Ida', { status: 'offline', serverId: null, currentServer: null });
    api.roles.set('bo', 'admin');
    const { user } = renderAs('bo', <PlayersTab networkId={api.network.id} role="admin" />);
    await user.click(await screen.findByRole('button', { name: 'Ida' }));
    await screen.findByRole('heading', { name: 'Ida' });
    const hint = 'Kick and Warn are available while the player is on one of your servers.';
    for (const name of ['Kick', 'Warn']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
      expect(screen.getByRole('button', { name })).toHaveAccessibleDescription(hint);
    }
    expect(screen.getByRole('button', { name: 'Ban' })).toBeEnabled();
  });

  it('shows the demo user (an admin of the demo network) the actions, disabled: the demo is read-only', async () => {
    api.roles.set('demo-user-id', 'admin');
    await openRex('demo-user-id', { demo: true });
    expect(screen.queryByText(VIEW_ONLY)).not.toBeInTheDocument();
    for (const name of ['Kick', 'Warn', 'Ban']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
      expect(screen.getByRole('button', { name })).toHaveAttribute('title', 'The demo is read-only');
    }
  });

  it('lets an admin kick with the default reason; the dialog follows the kick live to its outcome', async () => {
    api.roles.set('bo', 'admin');
    const { user, store } = await openRex('bo');
    expect(screen.queryByText(VIEW_ONLY)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kick' }));
    const dialog = screen.getByRole('dialog', { name: 'Kick Rex' });
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Kicked by administrator');
    await user.click(within(dialog).getByRole('button', { name: 'Kick Player' }));
    const [call] = api.callsTo('POST', `/api/players/${api.players[0].steamId}/kick`);
    expect(call.body).toEqual({ serverId: 'srv-1', reason: 'Kicked by administrator' });
    expect(await screen.findByText('Kick of Rex sent to EU Main.')).toBeInTheDocument();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent — waiting for the server');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveAttribute('data-status', 'pending'));
    // The server reports it done: the live event patches the command the dialog reads.
    const [command] = [...api.commands.values()];
    const done: CommandItem = {
      ...command,
      status: 'succeeded',
      output: 'Kicked Rex',
      completedAt: command.createdAt,
    };
    act(() => {
      store.dispatch(
        liveEventReceived({
          type: 'command.completed',
          networkId: api.network.id,
          serverId: 'srv-1',
          command: done,
        }),
      );
    });
    expect(await within(dialog).findByText('Kicked — confirmed by the server')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The detail keeps saying it.
    expect(screen.getByRole('status')).toHaveTextContent('Kicked — confirmed by the server');
    // So does Rex's row once back in the list, and his detail when opened again.
    await user.click(screen.getByRole('button', { name: 'Back to Players' }));
    const row = (await screen.findByRole('table', { name: 'Players' })).querySelector('tbody tr')!;
    expect(within(row as HTMLElement).getByRole('status')).toHaveTextContent(
      'Kicked — confirmed by the server',
    );
    await user.click(screen.getByRole('button', { name: 'Rex' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Kicked — confirmed by the server');
  });

  it('says a kick is queued while its server is offline and when it expires, and a failure with the game’s answer', async () => {
    api.servers[0].status = 'offline';
    const { user, dialog } = await openDialog('Kick');
    await user.click(within(dialog).getByRole('button', { name: 'Kick Player' }));
    expect(
      await within(dialog).findByText('Queued: the server is offline — expires in 5 min'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Warn' }));
    const warn = screen.getByRole('dialog', { name: 'Warn Rex' });
    await user.click(within(warn).getByRole('button', { name: 'Warn Player' }));
    await waitFor(() => expect(api.commands.size).toBe(2));
    const [, warnId] = [...api.commands.keys()];
    Object.assign(api.commands.get(warnId)!, { status: 'failed', output: 'Player not found' });
    // The outcome is read again while open (the live event may come before the first read).
    expect(
      await within(warn).findByText('Failed: Player not found', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
  }, 15_000);

  it('sends the command to the server chosen in the dialog, and says where it went', async () => {
    const { user, dialog } = await openDialog('Ban');
    expect(within(dialog).getByLabelText('Server')).toHaveValue('srv-1');
    await user.selectOptions(within(dialog).getByLabelText('Server'), 'US Test');
    await chooseBan(user, dialog, '7 days', 'Whole network');
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent — waiting for the server');
    const [call] = api.callsTo('POST', `/api/players/${api.players[0].steamId}/ban`);
    expect(call.body).toMatchObject({ serverId: 'srv-2' });
    expect(
      await screen.findByText('Rex was banned from the network; the ban was sent to US Test.'),
    ).toBeInTheDocument();
  });

  it('asks for a duration and a scope, choosing neither beforehand, and bans on the chosen server only', async () => {
    const { user, dialog } = await openDialog('Ban');
    for (const name of [
      '1 hour',
      '1 day',
      '7 days',
      '30 days',
      'Custom',
      'Permanent',
      'Whole network',
      'This server',
    ])
      expect(within(dialog).getByRole('radio', { name })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    expect(within(dialog).getByText('Choose how long the ban lasts')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose where the ban holds')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/players/${api.players[0].steamId}/ban`)).toHaveLength(0);
    await chooseBan(user, dialog, 'Permanent', 'This server');
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    await within(dialog).findByRole('status');
    const [call] = api.callsTo('POST', `/api/players/${api.players[0].steamId}/ban`);
    expect(call.body).toMatchObject({ serverId: 'srv-1', scope: 'server', duration: '' });
    expect(
      await screen.findByText('Rex was banned from EU Main; the ban was sent there.'),
    ).toBeInTheDocument();
  });

  it('claims no kick when the player is not on the chosen server: the API refuses and the toast says why', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, dialog } = await openDialog('Kick');
    await user.selectOptions(within(dialog).getByLabelText('Server'), 'US Test');
    await user.click(within(dialog).getByRole('button', { name: 'Kick Player' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsTo('POST', `/api/players/${api.players[0].steamId}/kick`);
    expect(call.body).toMatchObject({ serverId: 'srv-2' });
    expect(await screen.findByText('Rex is not on US Test')).toBeInTheDocument();
    expect(screen.queryByText(/Kick of Rex sent/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Player kick failed', expect.anything());
    logged.mockRestore();
  });

  it('asks once more before a permanent ban of the whole network', async () => {
    const { user, dialog } = await openDialog('Ban');
    await chooseBan(user, dialog, 'Permanent', 'Whole network');
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    expect(
      within(dialog).getByText(/Ban Rex permanently from every server of the network\?/),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/players/${api.players[0].steamId}/ban`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('radio', { name: 'Permanent' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Permanent Ban' }));
    await within(dialog).findByRole('status');
    const [call] = api.callsTo('POST', `/api/players/${api.players[0].steamId}/ban`);
    expect(call.body).toMatchObject({ duration: '', scope: 'network' });
  });

  it('bans for a custom duration, switching the default reason with the action, then offers Unban', async () => {
    const { user, dialog } = await openDialog('Warn');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Warning issued by administrator');
    await user.click(within(dialog).getByRole('radio', { name: 'Ban' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Banned by administrator');
    await chooseBan(user, dialog, 'Custom', 'Whole network');
    await user.type(within(dialog).getByLabelText('Custom duration'), 'forever');
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    expect(within(dialog).getByText(/Duration must be empty for a permanent ban/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Custom duration'));
    await user.type(within(dialog).getByLabelText('Custom duration'), '7d');
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    await within(dialog).findByRole('status');
    const [call] = api.callsTo('POST', `/api/players/${api.players[0].steamId}/ban`);
    expect(call.body).toEqual({
      serverId: 'srv-1',
      reason: 'Banned by administrator',
      duration: '7d',
      scope: 'network',
    });
    // The list refetches after the action, so the detail shows the ban and its time left.
    expect(await screen.findByRole('button', { name: 'Unban' })).toBeInTheDocument();
    expect(screen.getByText(/^Until .* \(7d 0h left\)$/)).toBeInTheDocument();
  });

  it('closes the dialog on a failed action too, logging it and telling the admin in a toast', async () => {
    api.roles.set('ana', 'owner');
    api.failures.set('POST /api/players/:steamId/warn', {
      status: 409,
      body: { success: false, error: 'The server is offline', code: 'SERVER_OFFLINE' },
    });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openRex('ana');
    await user.click(screen.getByRole('button', { name: 'Warn' }));
    await user.click(screen.getByRole('button', { name: 'Warn Player' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('The server is offline')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Player warn failed', expect.anything());
    logged.mockRestore();
  });

  it('says a ban for a server that is offline is queued for it', async () => {
    api.servers[1].status = 'offline';
    const { user, dialog } = await openDialog('Ban');
    await user.selectOptions(within(dialog).getByLabelText('Server'), 'US Test');
    await chooseBan(user, dialog, '7 days', 'Whole network');
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    expect(
      await screen.findByText(
        'Rex was banned from the network; the ban is queued for US Test, which is offline.',
      ),
    ).toBeInTheDocument();
  });

  it('asks why before an unban, then asks once more; the reason goes with it', async () => {
    const { user, dialog } = await openDialog('Ban');
    await chooseBan(user, dialog, '7 days', 'Whole network');
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    await within(dialog).findByRole('status');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await user.click(await screen.findByRole('button', { name: 'Unban' }));
    const unban = screen.getByRole('dialog', { name: 'Unban Rex' });
    const path = `/api/players/${api.players[0].steamId}/unban`;
    // The reason is required, in the API's own words.
    await user.click(within(unban).getByRole('button', { name: 'Unban Player' }));
    expect(within(unban).getByText(MESSAGES.unbanReasonRequired)).toBeInTheDocument();
    await user.type(within(unban).getByLabelText(/Reason/), '  Appeal accepted ');
    await user.click(within(unban).getByRole('button', { name: 'Unban Player' }));
    expect(
      within(unban).getByText('Unban Rex on every server of the network? Reason: “Appeal accepted”.'),
    ).toBeInTheDocument();
    // Back keeps the reason; nothing was sent yet.
    await user.click(within(unban).getByRole('button', { name: 'Back' }));
    expect(within(unban).getByLabelText(/Reason/)).toHaveValue('  Appeal accepted ');
    expect(api.callsTo('POST', path)).toHaveLength(0);
    await user.click(within(unban).getByRole('button', { name: 'Unban Player' }));
    await user.click(within(unban).getByRole('button', { name: 'Confirm Unban' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unban Rex' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', path).map((call) => call.body)).toEqual([
      { serverId: 'srv-1', reason: 'Appeal accepted' },
    ]);
    expect(
      await screen.findByText(
        'Rex was unbanned; the unban was sent to EU Main and to every server that held the ban.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ban' })).toBeInTheDocument();
  });
});
