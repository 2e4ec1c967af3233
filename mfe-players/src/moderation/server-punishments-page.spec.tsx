import { paths, type PunishmentItem } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { hoursAgo, punishmentOf } from '../test/fake-moderation';
import { atRoute, renderAs, setUpFakePlayersApi } from '../test/render';
import { IMPORT_ASKED_TEXT } from '../features/punishments/components/punishments-panel';
import ServerPunishmentsPage from './server-punishments-page';

const api = setUpFakePlayersApi();
const WEEK = 7 * 86_400;

const world = () => {
  api.roles.set('ana', 'owner');
  api.roles.set('mo', 'moderator');
  api.roles.set('cy', 'member');
  const eu = api.addServer('EU Main');
  const us = api.addServer('US West');
  const rex = { steamId: '76561198000000001', name: 'Rex' };
  const ida = { steamId: '76561198000000002', name: 'Ida' };
  const ban = punishmentOf(rex, eu, {
    reason: 'Aimbot',
    expiresAt: new Date(Date.now() + WEEK * 1000).toISOString(),
    timeLeftSeconds: WEEK - 3600,
    issuedAt: hoursAgo(1),
  });
  api.punishments.push(
    ban,
    punishmentOf(ida, eu, {
      kind: 'kick',
      state: null,
      scope: 'server',
      issuedBy: null,
      issuedAt: hoursAgo(2),
    }),
    punishmentOf(ida, eu, { scope: 'server', state: 'lifted', issuedAt: hoursAgo(3) }),
    // Another server's own ban does not hold on EU Main.
    punishmentOf(rex, us, { scope: 'server', reason: 'Elsewhere', issuedAt: hoursAgo(4) }),
  );
  return { eu, us, rex, ban, listPath: `/api/servers/${eu.id}/punishments` };
};

const renderPage = (userId: string, serverId: string, query = '') =>
  renderAs(
    userId,
    <ServerPunishmentsPage />,
    atRoute(`${paths.serverArea(api.network.id, serverId, 'punishments')}${query}`),
  );

/** Each row's cells, joined by " | ". */
const rows = () =>
  within(screen.getByRole('table', { name: 'Punishments' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim())
        .join(' | '),
    );

const lastQuery = (path: string) => api.callsTo('GET', path).at(-1)?.query;

describe('the server’s Punishments area', () => {
  it('lists the server’s punishments with their expiry, time left, scope and state', async () => {
    const { eu, rex } = world();
    renderPage('cy', eu.id);
    expect(await screen.findByRole('heading', { level: 2, name: 'Punishments' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Punishments' });
    const [ban, kick, lifted, ...rest] = rows();
    expect(rest).toEqual([]);
    expect(ban).toMatch(
      /^Rex76561198000000001 \| Ban \| Aimbot \| Ana \| 1 hour ago \| .+6d 23h left \| Whole network \| Active$/,
    );
    expect(kick).toBe(
      'Ida76561198000000002 | Kick | Cheating | Game server | 2 hours ago | — | This server | ',
    );
    expect(lifted).toMatch(/\| Permanent \| This server \| Lifted$/);
    expect(screen.getByRole('link', { name: 'Rex' })).toHaveAttribute(
      'href',
      paths.playerProfile(api.network.id, rex.steamId),
    );
  });

  it('gives a member no actions, no Import and no Reports tab', async () => {
    const { eu } = world();
    renderPage('cy', eu.id, '?tab=reports');
    await screen.findByRole('table', { name: 'Punishments' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Punishments']);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import ban list' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/api/servers/${eu.id}/reports`)).toEqual([]);
  });

  it('keeps kind, state and a debounced search in the address and the query', async () => {
    const { eu, listPath } = world();
    const { user } = renderPage('ana', eu.id);
    await screen.findByRole('table', { name: 'Punishments' });

    await user.selectOptions(screen.getByLabelText('Kind'), 'Bans');
    await user.selectOptions(screen.getByLabelText('State'), 'Lifted');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toMatch(/^Ida/);
    expect(lastQuery(listPath)?.get('kind')).toBe('ban');
    expect(lastQuery(listPath)?.get('state')).toBe('lifted');

    await user.selectOptions(screen.getByLabelText('State'), 'All states');
    await user.type(screen.getByLabelText('Search'), 'rex');
    await waitFor(() => expect(lastQuery(listPath)?.get('search')).toBe('rex'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toMatch(/^Rex/);
    expect(screen.getByTestId('router-location')).toHaveTextContent('?kind=ban&q=rex');
    // One request for the whole word, not one per key.
    expect(api.callsTo('GET', listPath).filter((call) => call.query.get('search'))).toHaveLength(1);
  });

  it('reads the filters from the address, and says when nothing matches, with Clear filters', async () => {
    const { eu, listPath } = world();
    const { user } = renderPage('ana', eu.id, '?kind=warn');
    expect(
      await screen.findByRole('heading', { name: 'No punishments match these filters' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Kind')).toHaveValue('warn');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(lastQuery(listPath)?.get('kind')).toBeNull();
    expect(screen.getByTestId('router-location')).not.toHaveTextContent('kind');
  });

  it('says No punishments yet on a server without any', async () => {
    api.roles.set('ana', 'owner');
    const eu = api.addServer('EU Main');
    renderPage('ana', eu.id);
    expect(await screen.findByRole('heading', { name: 'No punishments yet' })).toBeInTheDocument();
  });

  it('has an error state with Retry', async () => {
    const { eu, listPath } = world();
    api.failures.set(`GET ${listPath}`, {
      status: 500,
      body: { success: false, error: 'The database is down', code: 'INTERNAL' },
    });
    const { user } = renderPage('ana', eu.id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load punishments');
    expect(alert).toHaveTextContent('The database is down');
    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Punishments' })).toBeInTheDocument();
  });

  it('pages back with Load older', async () => {
    api.roles.set('ana', 'owner');
    const eu = api.addServer('EU Main');
    for (let n = 1; n <= 60; n += 1)
      api.punishments.push(
        punishmentOf({ steamId: `7656119800000${1000 + n}`, name: `Player ${n}` }, eu, {
          kind: 'warn',
          state: null,
          issuedAt: hoursAgo(n),
        }),
      );
    const { user } = renderPage('ana', eu.id);
    await screen.findByRole('table', { name: 'Punishments' });
    expect(rows()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(rows()).toHaveLength(60));
    expect(rows().at(-1)).toMatch(/^Player 60/);
    expect(screen.getByText('No older punishments')).toBeInTheDocument();
    const [, second] = api.callsTo('GET', `/api/servers/${eu.id}/punishments`);
    expect(second.query.get('before')).toEqual(expect.any(String));
  });

  it('asks the server for its ban list', async () => {
    const { eu } = world();
    const { user } = renderPage('mo', eu.id);
    await user.click(await screen.findByRole('button', { name: 'Import ban list' }));
    expect(await screen.findByText(IMPORT_ASKED_TEXT)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/servers/${eu.id}/punishments/import`)).toHaveLength(1);
  });
});

describe('a ban’s actions', () => {
  const openDialog = async (button: 'Edit' | 'Lift') => {
    const ids = world();
    const rendered = renderPage('mo', ids.eu.id);
    await screen.findByRole('table', { name: 'Punishments' });
    // Only the active ban has actions.
    expect(screen.getAllByRole('button', { name: button })).toHaveLength(1);
    await rendered.user.click(screen.getByRole('button', { name: button }));
    const dialog = screen.getByRole('dialog', { name: button === 'Edit' ? 'Edit ban' : 'Lift ban' });
    return { ...rendered, ...ids, dialog };
  };

  it('edits the reason and the expiry, and the list shows the change', async () => {
    const { user, dialog, ban } = await openDialog('Edit');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Aimbot');
    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), 'Aimbot (confirmed)');
    await user.clear(within(dialog).getByLabelText('Expiry'));
    await user.type(within(dialog).getByLabelText('Expiry'), '2099-01-02T03:04');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsTo('PATCH', `/api/punishments/${ban.id}`);
    expect(call.body).toEqual({
      reason: 'Aimbot (confirmed)',
      expiresAt: new Date(2099, 0, 2, 3, 4).toISOString(),
    });
    await waitFor(() => expect(rows()[0]).toMatch(/Aimbot \(confirmed\)/));
  });

  it('makes a ban permanent', async () => {
    const { user, dialog, ban } = await openDialog('Edit');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Permanent' }));
    expect(within(dialog).getByLabelText('Expiry')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', `/api/punishments/${ban.id}`)[0].body).toEqual({
      reason: 'Aimbot',
      expiresAt: null,
    });
    await waitFor(() => expect(rows()[0]).toMatch(/\| Permanent \|/));
  });

  it('shows the API’s field error under the field, and a conflict above the buttons', async () => {
    const { user, dialog, ban } = await openDialog('Edit');
    await user.clear(within(dialog).getByLabelText('Expiry'));
    await user.type(within(dialog).getByLabelText('Expiry'), '2001-01-01T00:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Expiry must be in the future')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expiry')).toHaveAccessibleDescription(
      'Expiry must be in the future',
    );

    (api.punishments.find((item) => item.id === ban.id) as PunishmentItem).state = 'expired';
    await user.clear(within(dialog).getByLabelText('Expiry'));
    await user.type(within(dialog).getByLabelText('Expiry'), '2099-01-01T00:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This ban has already ended');
    expect(within(dialog).queryByText('Expiry must be in the future')).not.toBeInTheDocument();
  });

  it('lifts a ban only with a reason, in the API’s words, and after asking once more', async () => {
    const { user, dialog, ban } = await openDialog('Lift');
    const path = `/api/punishments/${ban.id}/lift`;
    // No reason, or a blank one: the API's own message under the field, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription(MESSAGES.liftReasonRequired);
    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    expect(within(dialog).getByText(MESSAGES.liftReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('maxlength', '500');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Appeal accepted ');
    await user.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Lift the ban of Rex on every server it reached? Reason: “Appeal accepted”.',
    );
    expect(api.callsTo('POST', path)).toHaveLength(0);
    // Back keeps the reason as typed.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('   Appeal accepted ');
    await user.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm lift' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', path).map((call) => call.body)).toEqual([{ reason: 'Appeal accepted' }]);
    expect(await screen.findByText('The ban of Rex was lifted.')).toBeInTheDocument();
    await waitFor(() => expect(rows()[0]).toMatch(/\| Lifted \| $/));
    expect(screen.queryByRole('button', { name: 'Lift' })).not.toBeInTheDocument();
  });

  it('shows a refused lift in the dialog, which stays open', async () => {
    const { user, dialog, ban } = await openDialog('Lift');
    // Ended meanwhile (expired, or lifted by someone else): the API answers 409.
    (api.punishments.find((item) => item.id === ban.id) as PunishmentItem).state = 'expired';
    await user.type(within(dialog).getByLabelText(/Reason/), 'Served');
    await user.click(within(dialog).getByRole('button', { name: 'Lift ban' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm lift' }));
    expect(await within(dialog).findByText('This ban has already ended')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lift ban' })).toBeInTheDocument();
  });

  it('shows the demo user (an admin) Edit, Lift and Import ban list disabled: the demo is read-only', async () => {
    const { eu } = world();
    api.roles.set('demo-user-id', 'admin');
    renderAs('demo-user-id', <ServerPunishmentsPage />, {
      ...atRoute(paths.serverArea(api.network.id, eu.id, 'punishments')),
      demo: true,
    });
    await screen.findByRole('table', { name: 'Punishments' });
    for (const name of ['Edit', 'Lift', 'Import ban list']) {
      const [button] = await screen.findAllByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'The demo is read-only');
    }
  });
});
