import { paths, type Punishment, type PunishmentServerDelivery } from '@outpost/contracts';
import { screen, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakePlayersApi } from '../../../test/render';
import PlayerProfilePage from './player-profile-page';

const api = setUpFakePlayersApi();

const NOW = new Date().toISOString();

const punishmentOf = (id: string, overrides: Partial<Punishment>): Punishment => ({
  id,
  type: 'ban',
  reason: 'Aimbot',
  issuedBy: 'ana',
  issuedAt: NOW,
  expiresAt: null,
  active: true,
  serverId: 'srv-1',
  serverName: 'EU Down',
  delivery: null,
  deliveries: [],
  ...overrides,
});

const sent = (
  serverName: string,
  command: PunishmentServerDelivery['command'],
  status: PunishmentServerDelivery['status'],
  output: string | null = null,
): PunishmentServerDelivery => ({
  serverId: serverName.toLowerCase().replace(' ', '-'),
  serverName,
  command,
  status,
  output,
  at: NOW,
  expiresAt: null,
});

/** Rex's profile, Punishments tab open, with these punishments. */
const openPunishments = async (punishments: Punishment[]) => {
  api.roles.set('ana', 'owner');
  const rex = api.addPlayer('Rex');
  api.profiles.set(rex.steamId, { groups: [], sessions: [], punishments, chat: [], activity: [] });
  const { user } = renderAs(
    'ana',
    <PlayerProfilePage />,
    atRoute(paths.playerProfile(api.network.id, rex.steamId)),
  );
  await user.click(await screen.findByRole('tab', { name: 'Punishments' }));
  return screen.getByRole('table', { name: 'Punishments' });
};

const deliveryColumn = (table: HTMLElement) => {
  const index = within(table)
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent === 'Delivery');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.children[index]?.textContent);
};

describe("the player profile's Punishments tab", () => {
  it('shows, server by server, whether a ban reached the game, as the Punishments list does', async () => {
    const table = await openPunishments([
      punishmentOf('p1', {
        deliveries: [sent('EU Down', 'ban', 'pending'), sent('EU Main', 'kick', 'succeeded')],
      }),
    ]);
    const list = within(table).getByRole('list', { name: 'Where the ban of Rex was sent' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['EU Down Queued', 'EU Main (kick) Confirmed']);
  });

  it("shows a refused ban's answer, a lifted ban's unbans and an unban's servers", async () => {
    const table = await openPunishments([
      punishmentOf('p3', {
        type: 'unban',
        reason: 'Appeal accepted',
        active: false,
        deliveries: [sent('EU Main', 'unban', 'delivered')],
      }),
      punishmentOf('p2', {
        active: false,
        deliveries: [sent('EU Main', 'ban', 'succeeded'), sent('EU Main', 'unban', 'pending')],
      }),
      punishmentOf('p1', {
        active: false,
        deliveries: [sent('EU Main', 'ban', 'failed', 'Player not found')],
      }),
    ]);
    expect(deliveryColumn(table)).toEqual([
      'EU Main (unban) Delivered',
      'EU Main ConfirmedEU Main (unban) Queued',
      'EU Main FailedPlayer not found',
    ]);
    expect(within(table).getByRole('list', { name: 'Where the unban of Rex was sent' })).toBeInTheDocument();
  });

  it("keeps a kick's and a warn's one delivery, and says nothing for a ban that sent nothing", async () => {
    const table = await openPunishments([
      punishmentOf('p3', {
        type: 'kick',
        active: false,
        delivery: { status: 'succeeded', output: null, at: NOW, expiresAt: null },
        deliveries: [sent('EU Main', 'kick', 'succeeded')],
      }),
      punishmentOf('p2', {
        type: 'warn',
        active: false,
        delivery: { status: 'failed', output: 'Player not found', at: NOW, expiresAt: null },
        deliveries: [sent('EU Main', 'warn', 'failed', 'Player not found')],
      }),
      // Imported from a server's own ban list: no command was sent.
      punishmentOf('p1', { issuedBy: null }),
    ]);
    expect(deliveryColumn(table)).toEqual(['Confirmed', 'FailedPlayer not found', '']);
    expect(within(table).queryByRole('list')).not.toBeInTheDocument();
  });
});
