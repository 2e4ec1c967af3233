import { paths } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { hoursAgo, reportOf } from '../test/fake-moderation';
import { atRoute, renderAs, setUpFakePlayersApi } from '../test/render';
import ServerPunishmentsPage from './server-punishments-page';

const api = setUpFakePlayersApi();

const world = () => {
  api.roles.set('ana', 'owner');
  api.roles.set('mo', 'moderator');
  api.roles.set('cy', 'member');
  const eu = api.addServer('EU Main');
  const us = api.addServer('US West');
  const suspect = api.addPlayer('Suspect', { serverId: eu.id, currentServer: 'EU Main', status: 'online' });
  const aimbot = reportOf(eu, {
    target: { steamId: suspect.steamId, name: 'Suspect' },
    reportedAt: hoursAgo(1),
    position: { x: 12.4, y: 3.6, z: -100.2 },
    hasScreenshot: true,
    unparsed: ['type', 'screenshot'],
  });
  const spam = reportOf(eu, {
    subject: 'Spam',
    category: 'spam',
    state: 'reviewing',
    reporter: null,
    reportedAt: hoursAgo(2),
    screenshotNote: 'The screenshot was larger than 1 MB and was not kept',
  });
  api.reports.push(aimbot, spam, reportOf(us, { subject: 'Elsewhere', reportedAt: hoursAgo(3) }));
  return { eu, us, suspect, aimbot, spam, reportsPath: `/api/servers/${eu.id}/reports` };
};

const openReports = (userId: string, serverId: string, query = '?tab=reports') =>
  renderAs(
    userId,
    <ServerPunishmentsPage />,
    atRoute(`${paths.serverArea(api.network.id, serverId, 'punishments')}${query}`),
  );

const table = () => screen.getByRole('table', { name: 'Reports' });
const subjects = () =>
  within(table())
    .getAllByRole('button', { expanded: false })
    .map((button) => button.textContent);

/** Opens a report's detail under its row. */
const open = async (user: ReturnType<typeof openReports>['user'], subject: string) => {
  await user.click(within(table()).getByRole('button', { name: subject }));
  return screen.getByRole('group', { name: 'Report state' }).closest('td') as HTMLElement;
};

describe('the Reports tab', () => {
  it('counts the new reports in its label and lists the server’s, newest first, with what came with them', async () => {
    const { eu } = world();
    openReports('mo', eu.id);
    expect(await screen.findByRole('tab', { name: 'Reports (1)' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('table', { name: 'Reports' });
    expect(subjects()).toEqual(['Aimbot', 'Spam']);
    const [, first, second] = within(table()).getAllByRole('row');
    expect(first).toHaveTextContent('Reporter → Suspect');
    expect(first).toHaveTextContent('Position: 12, 4, -100');
    expect(first).toHaveTextContent('Screenshot attached');
    expect(first).toHaveTextContent('Could not read: type, screenshot');
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Suspect' })).toHaveAttribute(
      'href',
      paths.playerProfile(api.network.id, api.players[0].steamId),
    );
    expect(second).toHaveTextContent('Unknown → Suspect');
    expect(second).toHaveTextContent('The screenshot was larger than 1 MB and was not kept');
    expect(within(second).getByText('Reviewing')).toBeInTheDocument();
  });

  it('shows what the game sent with a report from its reports URL', async () => {
    const { eu, spam } = world();
    spam.source = 'endpoint';
    const { user } = openReports('mo', eu.id);
    await screen.findByRole('table', { name: 'Reports' });
    const detail = await open(user, 'Spam');
    await user.click(within(detail).getByRole('button', { name: 'What the game sent' }));
    const dialog = await screen.findByRole('dialog', { name: 'What the game sent' });
    expect(await within(dialog).findByLabelText('What the game sent')).toHaveTextContent('"Subject": "Spam"');
    // A plugin's report has nothing more to show.
    await user.keyboard('{Escape}');
    const aimbot = await open(user, 'Aimbot');
    expect(within(aimbot).queryByRole('button', { name: 'What the game sent' })).not.toBeInTheDocument();
    expect(within(aimbot).getByRole('button', { name: 'View screenshot' })).toBeInTheDocument();
  });

  it('filters by state in the address', async () => {
    const { eu, reportsPath } = world();
    const { user } = openReports('mo', eu.id);
    await screen.findByRole('table', { name: 'Reports' });
    await user.selectOptions(screen.getByLabelText('State'), 'Reviewing');
    await waitFor(() => expect(subjects()).toEqual(['Spam']));
    expect(api.callsTo('GET', reportsPath).at(-1)?.query.get('state')).toBe('reviewing');
    expect(screen.getByTestId('router-location')).toHaveTextContent('?tab=reports&reportState=reviewing');
    await user.selectOptions(screen.getByLabelText('State'), 'Dismissed');
    expect(await screen.findByRole('heading', { name: 'No reports match this state' })).toBeInTheDocument();
  });

  it('moves a report through its states', async () => {
    const { eu, aimbot } = world();
    const { user } = openReports('mo', eu.id);
    await screen.findByRole('table', { name: 'Reports' });
    const detail = await open(user, 'Aimbot');
    expect(within(detail).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(detail).getByRole('button', { name: 'Dismissed' }));
    await waitFor(() =>
      expect(within(detail).getByRole('button', { name: 'Dismissed' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(api.callsTo('PATCH', `/api/reports/${aimbot.id}`)[0].body).toEqual({ state: 'dismissed' });
    // Nothing is new any more: the tab says so.
    expect(await screen.findByRole('tab', { name: 'Reports' })).toBeInTheDocument();
  });

  it('lets a moderator take a report, and the staff choose among those who work reports', async () => {
    const { eu, aimbot } = world();
    const moderator = openReports('mo', eu.id);
    await screen.findByRole('table', { name: 'Reports' });
    let detail = await open(moderator.user, 'Aimbot');
    expect(within(detail).queryByLabelText('Assignee')).not.toBeInTheDocument();
    await moderator.user.click(within(detail).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(within(detail).getByRole('button', { name: 'Unassign' })).toBeInTheDocument());
    expect(api.callsTo('PATCH', `/api/reports/${aimbot.id}`)[0].body).toEqual({ assigneeId: 'mo' });
    moderator.unmount();

    const owner = openReports('ana', eu.id);
    await screen.findByRole('table', { name: 'Reports' });
    detail = await open(owner.user, 'Aimbot');
    const select = await within(detail).findByLabelText('Assignee');
    expect(select).toHaveValue('mo');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nobody', 'ana', 'mo']);
    await owner.user.selectOptions(select, 'Nobody');
    await waitFor(() => expect(select).toHaveValue(''));
    expect(api.callsTo('PATCH', `/api/reports/${aimbot.id}`).at(-1)?.body).toEqual({ assigneeId: null });
  });

  it('keeps a note thread', async () => {
    const { eu, aimbot } = world();
    const { user } = openReports('mo', eu.id);
    await screen.findByRole('table', { name: 'Reports' });
    const detail = await open(user, 'Aimbot');
    expect(within(detail).getByText('No notes yet.')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Add note' }));
    expect(within(detail).getByText('Note must not be empty')).toBeInTheDocument();
    await user.type(within(detail).getByLabelText('Add note'), 'Watched the demo: clear aimbot');
    await user.click(within(detail).getByRole('button', { name: 'Add note' }));
    const notes = await within(detail).findByRole('list', { name: 'Notes' });
    expect(notes).toHaveTextContent('mo');
    expect(notes).toHaveTextContent('Watched the demo: clear aimbot');
    expect(within(detail).getByLabelText('Add note')).toHaveValue('');
    expect(api.callsTo('POST', `/api/reports/${aimbot.id}/notes`)[0].body).toEqual({
      text: 'Watched the demo: clear aimbot',
    });
  });

  it('punishes the target from the report, linking it', async () => {
    const { eu, aimbot, suspect } = world();
    const { user } = openReports('mo', eu.id);
    await screen.findByRole('table', { name: 'Reports' });
    const detail = await open(user, 'Aimbot');
    await user.click(within(detail).getByRole('button', { name: 'Punish' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban Suspect' });
    expect(within(dialog).getByRole('radio', { name: 'Whole network' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'This server' }));
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ban Player' }));
    // The dialog follows the ban's command until closed.
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sent — waiting for the server');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', `/api/players/${suspect.steamId}/ban`)[0].body).toEqual({
      serverId: eu.id,
      reason: 'Banned by administrator',
      duration: '7d',
      scope: 'server',
      reportId: aimbot.id,
    });
    expect(
      await screen.findByText('Ban of Suspect sent to EU Main; the report is linked to it.'),
    ).toBeInTheDocument();
    // The report is read again: resolved, with its punishment.
    await waitFor(() =>
      expect(within(detail).getByRole('button', { name: 'Resolved' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(detail).getByText('A punishment was issued from this report.')).toBeInTheDocument();
  });

  it('shows the demo user (an admin) the inbox with every control disabled: the demo is read-only', async () => {
    const { eu } = world();
    api.roles.set('demo-user-id', 'admin');
    const { user } = renderAs('demo-user-id', <ServerPunishmentsPage />, {
      ...atRoute(`${paths.serverArea(api.network.id, eu.id, 'punishments')}?tab=reports`),
      demo: true,
    });
    await screen.findByRole('table', { name: 'Reports' });
    const detail = await open(user, 'Aimbot');
    const controls = [
      within(detail).getByRole('button', { name: 'Dismissed' }),
      within(detail).getByRole('button', { name: 'Assign to me' }),
      within(detail).getByRole('button', { name: 'Punish' }),
      within(detail).getByRole('button', { name: 'Add note' }),
      within(detail).getByLabelText('Add note'),
      await within(detail).findByRole('combobox', { name: 'Assignee' }),
    ];
    for (const control of controls) {
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', 'The demo is read-only');
    }
  });

  it('has an error state with Retry, and says when there are none', async () => {
    api.roles.set('ana', 'owner');
    const eu = api.addServer('EU Main');
    const path = `/api/servers/${eu.id}/reports`;
    api.failures.set(`GET ${path}`, {
      status: 500,
      body: { success: false, error: 'Boom', code: 'INTERNAL' },
    });
    const { user } = openReports('ana', eu.id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load reports');
    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No reports yet' })).toBeInTheDocument();
  });
});
