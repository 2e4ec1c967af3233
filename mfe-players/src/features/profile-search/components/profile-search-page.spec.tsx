import { paths } from '@outpost/contracts';
import { screen, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakePlayersApi } from '../../../test/render';
import ProfileSearchPage from './profile-search-page';

const api = setUpFakePlayersApi();

const renderPage = (userId: string, serverId: string) =>
  renderAs(userId, <ProfileSearchPage />, atRoute(paths.serverArea(api.network.id, serverId, 'profile')));

describe('the Player Profile area', () => {
  it("is a search of the network's players whose results open the profile", async () => {
    api.roles.set('cy', 'member');
    const eu = api.addServer('EU Main');
    const rex = api.addPlayer('Rex', { serverId: eu.id, status: 'online' });
    api.addPlayer('Yank', { serverId: eu.id });
    const { user } = renderPage('cy', eu.id);

    const box = await screen.findByLabelText('Find a player');
    expect(screen.getByText('Player Profile', { selector: 'h2' })).toBeInTheDocument();
    expect(screen.getByText('Type a name or Steam ID to open their profile.')).toBeInTheDocument();
    expect(screen.queryByText(/coming|not available yet/i)).not.toBeInTheDocument();

    await user.type(box, 're');
    const results = await screen.findByRole('list', { name: 'Players found' });
    expect(within(results).getByRole('link', { name: 'Rex' })).toHaveAttribute(
      'href',
      paths.playerProfile(api.network.id, rex.steamId),
    );
    expect(within(results).queryByRole('link', { name: 'Yank' })).not.toBeInTheDocument();
    expect(results).toHaveTextContent('online now');

    await user.clear(screen.getByLabelText('Find a player'));
    await user.type(screen.getByLabelText('Find a player'), 'nobody');
    expect(await screen.findByText('No players found matching the search text')).toBeInTheDocument();
  });

  it('offers IP search only to those who may see IPs', async () => {
    api.roles.set('mo', 'moderator');
    const eu = api.addServer('EU Main');
    renderPage('mo', eu.id);
    expect(
      await screen.findByPlaceholderText('Search by player name, Steam ID, or IP address'),
    ).toBeInTheDocument();
  });
});
