import { PLAYERS_PAGE_SIZE } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { LOCATION_TEST_ID } from '@outpost/testing';
import { renderAs, setUpFakePlayersApi } from '../../../test/render';
import { NO_MATCHES_TEXT, NO_PLAYERS_TEXT, PAST_THE_END_TEXT } from './player-browser';
import { PlayersTab } from './players-tab';

const api = setUpFakePlayersApi();

const lastListQuery = () => {
  const calls = api.callsTo('GET', '/api/players');
  return Object.fromEntries(calls[calls.length - 1].query);
};

const header = (name: string) => screen.getByRole('columnheader', { name });
const rowNames = () =>
  within(screen.getByRole('table', { name: 'Players' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('button')[0].textContent);

const renderTab = (userId = 'ana', options: { demo?: boolean; route?: string } = {}) =>
  renderAs(
    userId,
    <PlayersTab networkId={api.network.id} role={api.roles.get(userId) ?? 'member'} />,
    options,
  );

describe('the Players tab', () => {
  it('shows the capacity cards from the servers and the players, last seen first', async () => {
    api.roles.set('ana', 'owner');
    api.addServer('EU Main', { playerCount: 30, maxPlayers: 50 });
    api.addServer('US Test', { playerCount: 10, maxPlayers: 50 });
    api.addPlayer('Rex', { status: 'online', lastSeen: new Date().toISOString() });
    api.addPlayer('Mia');
    renderTab();

    expect(await screen.findByRole('button', { name: 'Rex' })).toBeInTheDocument();
    const card = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    await waitFor(() => expect(card('Online Players')).toHaveTextContent('40'));
    expect(card('Total Capacity')).toHaveTextContent('100');
    expect(card('Capacity Usage')).toHaveTextContent('40%');
    expect(card('Average per Server')).toHaveTextContent('20');
    expect(rowNames()).toEqual(['Rex', 'Mia']);
    expect(lastListQuery()).toMatchObject({ sortBy: 'lastSeen', sortOrder: 'desc', page: '1', limit: '20' });
    expect(header('Last Seen')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Kills')).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByLabelText('Search players')).toHaveAttribute(
      'placeholder',
      'Search by player name, Steam ID, or IP address',
    );
  });

  it('keeps the search, sort and page in the address, beside the network tab', async () => {
    api.roles.set('ana', 'member');
    for (let i = 0; i < PLAYERS_PAGE_SIZE + 5; i += 1) api.addPlayer(`Player ${i}`);
    const { user } = renderTab('ana', { route: '/n?tab=players&q=Player&sort=displayName&order=asc&page=2' });

    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(lastListQuery()).toMatchObject({
      search: 'Player',
      sortBy: 'displayName',
      sortOrder: 'asc',
      page: '2',
    });
    expect(screen.getByLabelText('Search players')).toHaveValue('Player');
    expect(header('Player')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('Kills')).getByRole('button'));
    await waitFor(() =>
      expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(
        '/n?tab=players&q=Player&sort=totalKills',
      ),
    );
    await user.clear(screen.getByLabelText('Search players'));
    await waitFor(() =>
      expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(/^\/n\?tab=players&sort=totalKills$/),
    );
  });

  it('starts a new column descending, toggles the active one, and goes back to page 1', async () => {
    api.roles.set('ana', 'member');
    for (let i = 0; i < PLAYERS_PAGE_SIZE + 5; i += 1) api.addPlayer(`Player ${i}`);
    const { user } = renderTab();

    await screen.findByRole('button', { name: 'Player 0' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(lastListQuery().page).toBe('2');

    await user.click(within(header('Kills')).getByRole('button'));
    await waitFor(() => expect(header('Kills')).toHaveAttribute('aria-sort', 'descending'));
    expect(lastListQuery()).toMatchObject({ sortBy: 'totalKills', sortOrder: 'desc', page: '1' });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()[0]).toBe('Player 24'));

    await user.click(within(header('Kills')).getByRole('button'));
    await waitFor(() => expect(header('Kills')).toHaveAttribute('aria-sort', 'ascending'));
    expect(lastListQuery()).toMatchObject({ sortBy: 'totalKills', sortOrder: 'asc' });
    await waitFor(() => expect(rowNames()[0]).toBe('Player 0'));

    // Keyboard: the header is a button, so Enter sorts too.
    within(header('Deaths')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header('Deaths')).toHaveAttribute('aria-sort', 'descending'));
    expect(header('Kills')).toHaveAttribute('aria-sort', 'none');
  });

  it('searches after typing stops, from page 1, and says when nothing matches', async () => {
    api.roles.set('ana', 'admin');
    for (let i = 0; i < PLAYERS_PAGE_SIZE + 1; i += 1) api.addPlayer(`Player ${i}`);
    api.addPlayer('Zed the Builder');
    const { user } = renderTab();

    await screen.findByRole('button', { name: 'Player 0' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    const before = api.callsTo('GET', '/api/players').length;
    await user.type(screen.getByLabelText('Search players'), 'zed');
    await waitFor(() => expect(rowNames()).toEqual(['Zed the Builder']));
    // One request for the whole word, not one per key, and from the first page.
    const searches = api.callsTo('GET', '/api/players').slice(before);
    expect(searches.map((call) => call.query.get('search'))).toEqual(['zed']);
    expect(lastListQuery().page).toBe('1');

    await user.clear(screen.getByLabelText('Search players'));
    await user.type(screen.getByLabelText('Search players'), 'nobody');
    expect(await screen.findByText('No players found matching the search text')).toBeInTheDocument();
  });

  it('says no players have joined yet, and fails with Retry', async () => {
    api.roles.set('ana', 'owner');
    api.failures.set('GET /api/players', {
      status: 500,
      body: { success: false, error: 'The database is away', code: 'INTERNAL' },
    });
    const { user } = renderTab();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load players');
    expect(alert).toHaveTextContent('The database is away');
    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No players have joined your servers yet')).toBeInTheDocument();
  });

  it('filters by server and resets to page 1', async () => {
    api.roles.set('ana', 'owner');
    const eu = api.addServer('EU Main', { playerCount: 1, maxPlayers: 10 });
    api.addServer('US Test', { playerCount: 3, maxPlayers: 30 });
    for (let i = 0; i < PLAYERS_PAGE_SIZE + 1; i += 1) api.addPlayer(`Player ${i}`);
    api.addPlayer('Euro', { serverId: eu.id, currentServer: 'EU Main', status: 'online' });
    const { user } = renderTab();

    await screen.findByRole('button', { name: 'Player 0' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    await user.selectOptions(await screen.findByLabelText('Server'), 'EU Main');
    await waitFor(() => expect(rowNames()).toEqual(['Euro']));
    expect(lastListQuery()).toMatchObject({ serverId: eu.id, page: '1' });
    expect(screen.getByText('Total Capacity', { selector: 'dt' }).nextSibling).toHaveTextContent('10');
  });

  it('goes back to the last page from a page past the end, keeping the search', async () => {
    api.roles.set('ana', 'member');
    for (let i = 0; i < PLAYERS_PAGE_SIZE + 5; i += 1) api.addPlayer(`Player ${i}`);
    renderTab('ana', { route: '/n?tab=players&q=Player&page=9' });

    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toHaveLength(5));
    expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(/^\/n\?tab=players&q=Player&page=2$/);
    expect(api.callsTo('GET', '/api/players').map((call) => call.query.get('page'))).toEqual(['9', '2']);
    for (const text of [NO_MATCHES_TEXT, NO_PLAYERS_TEXT, PAST_THE_END_TEXT])
      expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('goes back to page 1 when the server in the address has fewer players than the page', async () => {
    api.roles.set('ana', 'owner');
    const eu = api.addServer('EU Main');
    api.addServer('US Test');
    for (let i = 0; i < PLAYERS_PAGE_SIZE + 5; i += 1) api.addPlayer(`Player ${i}`);
    api.addPlayer('Euro', { serverId: eu.id, currentServer: 'EU Main', status: 'online' });
    renderTab('ana', { route: `/n?tab=players&server=${eu.id}&page=2` });

    await waitFor(() => expect(rowNames()).toEqual(['Euro']));
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(/^\/n\?tab=players&server=srv-1$/);
    expect(screen.queryByText(NO_PLAYERS_TEXT)).not.toBeInTheDocument();
  });

  it('says no players have joined only when there are none at all, not on an empty page', async () => {
    api.roles.set('ana', 'owner');
    renderTab('ana', { route: '/n?tab=players&page=3' });
    expect(await screen.findByRole('heading', { name: NO_PLAYERS_TEXT })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Players pages' })).not.toBeInTheDocument();
  });
});
