import { paths } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakePlayersApi } from '../../../test/render';
import PlayerProfilePage from './player-profile-page';

const api = setUpFakePlayersApi();

const openProfile = (userId: string, options: { demo?: boolean } = {}) => {
  const rex = api.addPlayer('Rex');
  const rendered = renderAs(userId, <PlayerProfilePage />, {
    ...atRoute(paths.playerProfile(api.network.id, rex.steamId)),
    ...options,
  });
  return { ...rendered, rex };
};

const watchedPath = () => `/api/networks/${api.network.id}/alert-rules/watched-players`;

describe('the player profile’s Watch toggle', () => {
  it.each(['owner', 'admin'] as const)('lets an %s watch a player and stop watching', async (role) => {
    api.roles.set('ana', role);
    const { user, rex } = openProfile('ana');
    const watch = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(watch).toBeEnabled());
    expect(watch).toHaveAttribute('aria-pressed', 'false');

    await user.click(watch);
    expect(await screen.findByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('PUT', `${watchedPath()}/${rex.steamId}`)).toHaveLength(1);
    expect(api.watched.has(rex.steamId)).toBe(true);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Watching' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Watching' }));
    expect(await screen.findByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('DELETE', `${watchedPath()}/${rex.steamId}`)).toHaveLength(1);
    expect(api.watched.has(rex.steamId)).toBe(false);
  });

  it('shows a player already on the watch list as Watching', async () => {
    api.roles.set('ana', 'owner');
    const rex = api.addPlayer('Rex');
    api.watched.add(rex.steamId);
    renderAs('ana', <PlayerProfilePage />, atRoute(paths.playerProfile(api.network.id, rex.steamId)));
    expect(await screen.findByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
  });

  it.each(['moderator', 'member'] as const)(
    'is not shown to a %s, and the watch list is not asked for',
    async (role) => {
      api.roles.set('ana', role);
      openProfile('ana');
      expect(await screen.findByRole('heading', { level: 1, name: 'Rex' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Watch/ })).not.toBeInTheDocument();
      expect(api.callsTo('GET', watchedPath())).toHaveLength(0);
    },
  );

  it('turns back and says why when the API refuses', async () => {
    api.roles.set('ana', 'owner');
    api.failures.set(`PUT ${watchedPath()}/:steamId`, {
      status: 400,
      body: { success: false, error: 'At most 500 players can be watched', code: 'VALIDATION_FAILED' },
    });
    const { user } = openProfile('ana');
    const watch = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(watch).toBeEnabled());
    await user.click(watch);
    const header = screen
      .getByRole('heading', { level: 1, name: 'Rex' })
      .closest('.pl-detail__header') as HTMLElement;
    expect(await within(header).findByRole('alert')).toHaveTextContent('At most 500 players can be watched');
    expect(screen.getByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the demo user the toggle disabled', async () => {
    api.roles.set('demo-user-id', 'admin');
    openProfile('demo-user-id', { demo: true });
    const watch = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(api.callsTo('GET', watchedPath())).toHaveLength(1));
    expect(watch).toBeDisabled();
    expect(watch).toHaveAttribute('title', 'The demo is read-only');
  });
});
