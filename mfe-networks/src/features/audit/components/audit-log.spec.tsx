import { paths, type AuditEntry } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import NetworksRoutes from '../../../routes';
import ServerAuditPage from './server-audit-page';

const api = setUpFakeApi();

let seq = 0;
const entry = (networkId: string, fields: Partial<AuditEntry>): AuditEntry => {
  seq++;
  return {
    id: `e${String(seq).padStart(3, '0')}`,
    action: 'server.updated',
    networkId,
    networkName: 'Rust Legends',
    actorId: 'ana',
    actorName: 'Ana',
    targetType: 'server',
    targetId: 'none',
    targetName: 'EU Main',
    details: {},
    createdAt: new Date(Date.UTC(2026, 10, 20, 10, 0, seq)).toISOString(),
    ...fields,
  };
};

/** A network with two servers and entries about each; `ana` owns it, `mo` moderates, `cy` is a member. */
const world = () => {
  const network = api.addNetwork('Rust Legends', 'ana');
  api.addMember(network.id, 'mo', 'moderator');
  api.addMember(network.id, 'cy', 'member');
  const eu = api.addServer(network.id, 'EU Main');
  const us = api.addServer(network.id, 'US West');
  api.activity.push(
    entry(network.id, { action: 'server.added', targetId: eu.id, targetName: 'EU Main' }),
    entry(network.id, { action: 'server.added', targetId: us.id, targetName: 'US West' }),
    entry(network.id, {
      action: 'player.banned',
      actorId: 'mo',
      actorName: 'Mo',
      targetType: 'player',
      targetId: 'p1',
      targetName: 'Rusty',
      details: {
        steamId: '76561198000000001',
        serverId: eu.id,
        reason: 'Cheating',
        duration: '7d',
        scope: 'network',
      },
    }),
    entry(network.id, {
      action: 'server.consoleCommandRun',
      targetId: eu.id,
      targetName: 'EU Main',
      details: { command: 'say hi', commandId: 'c1' },
    }),
    entry(network.id, {
      action: 'member.roleChanged',
      targetType: 'member',
      targetId: 'mo',
      targetName: 'Mo',
      details: { from: 'member', to: 'moderator' },
    }),
  );
  return { network, eu, us };
};

/** Each row as "actor | action | target | details". */
const rows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent)
        .join(' | '),
    );

describe('the server’s Audit Log area', () => {
  it('shows the entries about this server, newest first, in words', async () => {
    const { network, eu } = world();
    renderAs('mo', <ServerAuditPage />, atRoute(paths.serverArea(network.id, eu.id, 'audit')));
    await screen.findByRole('table', { name: 'Server audit log' });
    expect(rows('Server audit log')).toEqual([
      'Ana | Console command run | server EU Main | Ran “say hi” in the console of EU Main.',
      'Mo | Player banned | player Rusty | Banned for 7 days on all servers of Rust Legends. Reason: Cheating.',
      'Ana | Server added | server EU Main | Added the server EU Main to Rust Legends.',
    ]);
    expect(api.callsTo('GET', `/api/networks/${network.id}/audit`)[0].query.get('serverId')).toBe(eu.id);
    expect(screen.getByText('No older entries')).toBeInTheDocument();
  });

  it('pages back with Load older, by keyboard', async () => {
    const { network, eu } = world();
    for (let n = 0; n < 25; n++)
      api.activity.push(entry(network.id, { targetId: eu.id, details: { fields: [`f${n}`] } }));
    const { user } = renderAs(
      'ana',
      <ServerAuditPage />,
      atRoute(paths.serverArea(network.id, eu.id, 'audit')),
    );
    await screen.findByRole('table', { name: 'Server audit log' });
    expect(rows('Server audit log')).toHaveLength(20);
    const older = screen.getByRole('button', { name: 'Load older' });
    older.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rows('Server audit log')).toHaveLength(28));
    expect(screen.getByText('No older entries')).toBeInTheDocument();
  });

  it('has an empty state, and an error state with Try Again', async () => {
    const network = api.addNetwork('Quiet', 'ana');
    const server = api.addServer(network.id, 'Lonely');
    api.failures.set('GET /api/networks/:id/audit', { status: 500, body: {} });
    const { user } = renderAs(
      'ana',
      <ServerAuditPage />,
      atRoute(paths.serverArea(network.id, server.id, 'audit')),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the audit log');
    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No audit entries yet' })).toBeInTheDocument();
  });
});

describe('the network’s Audit Log tab', () => {
  const openTab = (userId: string) => {
    const ids = world();
    const rendered = renderAs(
      userId,
      <NetworksRoutes screen="network-dashboard" />,
      atRoute(`${paths.network(ids.network.id)}?tab=audit`),
    );
    return { ...rendered, ...ids };
  };

  it('is not offered to members', async () => {
    openTab('cy');
    await screen.findByRole('tab', { name: 'Servers' });
    expect(screen.queryByRole('tab', { name: 'Audit Log' })).not.toBeInTheDocument();
  });

  it('filters by actor, action and time range', async () => {
    const { user, network } = openTab('ana');
    await screen.findByRole('table', { name: 'Network audit log' });
    expect(rows('Network audit log')).toHaveLength(5);

    await user.selectOptions(screen.getByLabelText('Actor'), 'Mo');
    await waitFor(() =>
      expect(rows('Network audit log')).toEqual([
        'Mo | Player banned | player Rusty | Banned for 7 days on all servers of Rust Legends. Reason: Cheating.',
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Actor'), 'Everyone');
    await user.selectOptions(screen.getByLabelText('Action'), 'Member role changed');
    await waitFor(() =>
      expect(rows('Network audit log')).toEqual([
        'Ana | Member role changed | member Mo | Role changed from a member to a moderator.',
      ]),
    );
    const last = api.callsTo('GET', `/api/networks/${network.id}/audit`).at(-1)!;
    expect(last.query.get('action')).toBe('member.roleChanged');
    expect(last.query.get('actorId')).toBeNull();

    await user.type(screen.getByLabelText('From'), '2030-01-01T00:00');
    expect(
      await screen.findByRole('heading', { name: 'No entries match these filters' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('To'), '2029-01-01T00:00');
    expect(await screen.findByText(MESSAGES.auditRange)).toBeInTheDocument();
  }, 15_000);

  it('exports the filtered entries as CSV with the session', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (created.push(blob), 'blob:audit'));
    URL.revokeObjectURL = jest.fn();
    // jsdom does not download; the click on the file's link is what the browser would act on.
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user, network } = openTab('mo');
    await screen.findByRole('table', { name: 'Network audit log' });
    await user.selectOptions(screen.getByLabelText('Action'), 'Player banned');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const [call] = api.callsTo('GET', `/api/networks/${network.id}/audit.csv`);
    expect(call.query.get('action')).toBe('player.banned');
    expect(clicked.map((link) => [link.download, link.href])).toEqual([
      [`audit-${network.id}.csv`, 'blob:audit'],
    ]);
    const text = await created[0].text();
    expect(text.split('\r\n')).toEqual([
      expect.stringContaining('time'),
      expect.stringContaining('player.banned,Mo,Rusty'),
    ]);
  });
});
