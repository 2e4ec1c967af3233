import { screen, within } from '@testing-library/react';
import { hoursAgo, punishmentOf, reportOf } from '../test/fake-moderation';
import { renderAs, setUpFakePlayersApi } from '../test/render';
import { PunishmentsTab, ReportsTab } from './punishments-tab';

const api = setUpFakePlayersApi();

const openTab = (userId: string, route = '/', Tab = PunishmentsTab) => {
  api.roles.set('ana', 'owner');
  api.roles.set('cy', 'member');
  const eu = api.addServer('EU Main');
  const us = api.addServer('US West');
  const rex = { steamId: '76561198000000001', name: 'Rex' };
  api.punishments.push(
    punishmentOf(rex, eu, { issuedAt: hoursAgo(1) }),
    punishmentOf(rex, us, { scope: 'server', issuedAt: hoursAgo(2) }),
  );
  api.reports.push(reportOf(us, { subject: 'Wallhack' }));
  const rendered = renderAs(
    userId,
    <Tab networkId={api.network.id} role={api.roles.get(userId) ?? 'member'} />,
    { route },
  );
  return { ...rendered, eu, us };
};

const column = (table: string, name: string) => {
  const grid = screen.getByRole('table', { name: table });
  const index = within(grid)
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent === name);
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.children[index]?.textContent);
};

describe('the network’s Punishments tab', () => {
  it('lists every server’s punishments, naming the server of a ban that holds on one only', async () => {
    openTab('cy');
    expect(screen.getByRole('heading', { level: 2, name: 'Punishments' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Punishments' });
    expect(column('Punishments', 'Scope')).toEqual(['Whole network', 'US West']);
    expect(api.callsTo('GET', `/api/networks/${api.network.id}/punishments`)).toHaveLength(1);
    // The network's Reports are a tab of the network page; no import (which is a server's).
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import ban list' })).not.toBeInTheDocument();
  });

  it('shows whether each kick and warn reached the game: confirmed, failed with its answer, queued, expired', async () => {
    const { eu } = openTab('cy');
    const ida = { steamId: '76561198000000002', name: 'Ida' };
    const delivery = (
      status: 'succeeded' | 'failed' | 'pending' | 'expired',
      output: string | null = null,
    ) => ({
      status,
      output,
      at: hoursAgo(0),
      expiresAt: status === 'pending' ? new Date(Date.now() + 240_000).toISOString() : null,
    });
    api.punishments.push(
      punishmentOf(ida, eu, { kind: 'kick', state: null, scope: 'server', delivery: delivery('succeeded') }),
      punishmentOf(ida, eu, {
        kind: 'warn',
        state: null,
        scope: 'server',
        delivery: delivery('failed', 'Player not found'),
      }),
      punishmentOf(ida, eu, { kind: 'kick', state: null, scope: 'server', delivery: delivery('pending') }),
      punishmentOf(ida, eu, { kind: 'kick', state: null, scope: 'server', delivery: delivery('expired') }),
    );
    await screen.findByRole('table', { name: 'Punishments' });
    const states = column('Punishments', 'State');
    expect(states).toEqual(
      expect.arrayContaining([
        'Confirmed',
        'FailedPlayer not found',
        expect.stringMatching(/^QueuedExpires /),
        'Expired',
        'Active',
      ]),
    );
  });

  it('shows, server by server, whether a ban reached the game', async () => {
    const { eu, us } = openTab('cy');
    const zed = { steamId: '76561198000000003', name: 'Zed' };
    const sent = (
      server: typeof eu,
      command: 'ban' | 'kick',
      status: 'pending' | 'succeeded' | 'failed',
    ) => ({
      serverId: server.id,
      serverName: server.name,
      command,
      status,
      output: status === 'failed' ? 'Player not found' : null,
      at: hoursAgo(0),
      expiresAt: null,
    });
    api.punishments.push(
      punishmentOf(zed, us, {
        issuedAt: new Date().toISOString(),
        deliveries: [sent(us, 'ban', 'pending'), sent(eu, 'kick', 'succeeded')],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Where the ban of Zed was sent' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['US West Queued', 'EU Main (kick) Confirmed']);
    expect(column('Punishments', 'State')[0]).toBe('ActiveUS West QueuedEU Main (kick) Confirmed');
  });

  it('offers no Reports of its own, even to those who work them, and does not ask for them', async () => {
    openTab('ana', '/?tab=punishments');
    await screen.findByRole('table', { name: 'Punishments' });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Reports' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/api/networks/${api.network.id}/reports`)).toHaveLength(0);
  });
});

describe('the network’s Reports tab', () => {
  it('lists the network’s reports with their server, at once, without tabs of its own', async () => {
    openTab('ana', '/?tab=reports', ReportsTab);
    expect(screen.getByRole('heading', { level: 2, name: 'Reports' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Reports' });
    expect(column('Reports', 'Server')).toEqual(['US West']);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Punishments' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/api/networks/${api.network.id}/reports`).length).toBeGreaterThan(0);
  });

  it('shows nothing to a member, who does not work reports', () => {
    openTab('cy', '/?tab=reports', ReportsTab);
    expect(screen.queryByRole('table', { name: 'Reports' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/api/networks/${api.network.id}/reports`)).toHaveLength(0);
  });
});
