import { paths } from '@outpost/contracts';
import { screen, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakePlayersApi } from '../../../test/render';
import { NO_GROUPS_MESSAGE } from './groups-tab';
import PlayerProfilePage from './player-profile-page';

const api = setUpFakePlayersApi();

const renderProfile = (steamId: string) =>
  renderAs('ana', <PlayerProfilePage />, atRoute(paths.playerProfile(api.network.id, steamId)));

const HOUR = 3_600_000;

describe('the player profile', () => {
  beforeEach(() => api.roles.set('ana', 'owner'));

  it('shows statistics formatted as spec section 9 says, and a link back to the network', async () => {
    const rex = api.addPlayer('Rex', {
      playtime: 2 * 1440 + 3 * 60 + 15,
      totalKills: 1500,
      totalDeaths: 0,
      lastSeen: new Date(Date.now() - 3 * HOUR).toISOString(),
      isAdmin: true,
    });
    api.profiles.set(rex.steamId, {
      groups: [],
      sessions: [],
      punishments: [],
      chat: [],
      activity: [],
      ipHistory: [
        { ip: '203.0.113.9', firstSeen: '2026-01-02T00:00:00.000Z', lastSeen: new Date().toISOString() },
      ],
    });
    renderProfile(rex.steamId);

    expect(await screen.findByRole('heading', { level: 1, name: 'Rex' })).toBeInTheDocument();
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    expect(stat('Playtime')).toHaveTextContent('2d 3h 15m');
    expect(stat('Kills')).toHaveTextContent('1.5K');
    expect(stat('K/D Ratio')).toHaveTextContent('∞');
    expect(stat('Last Seen')).toHaveTextContent('3 hours ago');
    expect(screen.getByRole('table', { name: 'IP history' })).toHaveTextContent('203.0.113.9');
    expect(screen.getByRole('link', { name: '← Back to Network' })).toHaveAttribute(
      'href',
      paths.network(api.network.id),
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Statistics',
      'Groups',
      'Activity',
      'Sessions',
      'Punishments',
      'Chat Logs',
      'Notes',
    ]);
  });

  it('shows groups, activity, sessions, punishments and chat from the profile call', async () => {
    const rex = api.addPlayer('Rex');
    api.profiles.set(rex.steamId, {
      groups: ['vip'],
      activity: [
        {
          id: 'a1',
          type: 'kill',
          at: new Date().toISOString(),
          serverName: 'EU Main',
          description: 'Killed Mia with an AK-47',
        },
      ],
      sessions: [
        {
          id: 's1',
          serverId: 'srv-1',
          serverName: 'EU Main',
          joinedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
          leftAt: null,
          duration: 125,
        },
      ],
      punishments: [
        {
          id: 'p1',
          type: 'ban',
          reason: 'Banned by administrator',
          issuedBy: 'ana',
          issuedAt: new Date().toISOString(),
          expiresAt: null,
          active: true,
          serverId: 'srv-1',
          serverName: 'EU Main',
          delivery: null,
          deliveries: [],
        },
        {
          id: 'p2',
          type: 'ban',
          reason: 'Griefing',
          issuedBy: 'ana',
          issuedAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 2 * 24 * HOUR + 3 * HOUR + 60_000).toISOString(),
          active: true,
          serverId: 'srv-1',
          serverName: 'EU Main',
          delivery: null,
          deliveries: [],
        },
      ],
      chat: [
        {
          id: 'c1',
          serverId: 'srv-1',
          serverName: 'EU Main',
          channel: 'team',
          message: 'base at G12',
          sentAt: new Date().toISOString(),
        },
      ],
    });
    const { user } = renderProfile(rex.steamId);
    await screen.findByRole('heading', { level: 1, name: 'Rex' });

    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    expect(within(screen.getByRole('list', { name: 'Groups' })).getByText('vip')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(screen.getByText('Killed Mia with an AK-47')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    const sessions = screen.getByRole('table', { name: 'Sessions' });
    expect(sessions).toHaveTextContent('2h 5m');
    expect(sessions).toHaveTextContent('Playing now');
    await user.click(screen.getByRole('tab', { name: 'Punishments' }));
    const punishments = screen.getByRole('table', { name: 'Punishments' });
    expect(punishments).toHaveTextContent('Banned by administrator');
    expect(punishments).toHaveTextContent('Permanent');
    expect(punishments).toHaveTextContent('2d 3h left');
    await user.click(screen.getByRole('tab', { name: 'Chat Logs' }));
    expect(screen.getByText('base at G12')).toBeInTheDocument();
  });

  it('has an empty state in every tab of a player with no history', async () => {
    const rex = api.addPlayer('Rex');
    const { user } = renderProfile(rex.steamId);
    await screen.findByRole('heading', { level: 1, name: 'Rex' });
    const empty: [string, string][] = [
      ['Groups', 'No groups'],
      ['Activity', 'No activity yet'],
      ['Sessions', 'No sessions yet'],
      ['Punishments', 'No punishments'],
      ['Chat Logs', 'No chat messages'],
      ['Notes', 'No notes yet'],
    ];
    for (const [tab, title] of empty) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it('says the game servers reported no groups, beside the admin flag, instead of a made-up one', async () => {
    const rex = api.addPlayer('Rex', { isAdmin: true });
    const { user } = renderProfile(rex.steamId);
    await screen.findByRole('heading', { level: 1, name: 'Rex' });
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Admin')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'No groups' })).toBeInTheDocument();
    expect(panel).toHaveTextContent(NO_GROUPS_MESSAGE);
    expect(within(panel).queryByRole('list', { name: 'Groups' })).not.toBeInTheDocument();
    expect(panel).not.toHaveTextContent('default');
  });

  it('says Player not found for an unknown Steam ID, and Failed to load player with Retry', async () => {
    const first = renderProfile('76561190000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Player not found');
    first.unmount();

    const rex = api.addPlayer('Rex');
    api.failures.set('GET /api/players/:steamId', {
      status: 500,
      body: { success: false, error: 'Try later', code: 'INTERNAL' },
    });
    const { user } = renderProfile(rex.steamId);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load player');
    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rex' })).toBeInTheDocument();
  });
});
