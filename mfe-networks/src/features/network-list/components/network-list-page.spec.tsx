import { DEFAULT_NETWORK_DESCRIPTION, PRESET_GRADIENTS, paths } from '@outpost/contracts';
import { LOCATION_TEST_ID } from '@outpost/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { renderAs, setUpFakeApi } from '../../../test/render';
import NetworkListPage from './network-list-page';

const api = setUpFakeApi();

const renderList = (userId = 'ana', demo = false) =>
  renderAs(userId, <NetworkListPage />, { route: paths.networks(), demo });

describe('the network list', () => {
  it('shows a spinner, then a card per network with role, counts and a link to it', async () => {
    const legends = api.addNetwork('Rust Legends', 'ana', { description: 'Weekly wipes' });
    api.addServer(legends.id, 'EU Main');
    api.addMember(legends.id, 'bo', 'member');
    const other = api.addNetwork('Other Crew', 'bo');
    api.addMember(other.id, 'ana', 'member');

    renderList();
    expect(screen.getByRole('status', { name: 'Loading networks…' })).toBeInTheDocument();

    const card = (await screen.findByRole('link', { name: 'Rust Legends' })).closest('article')!;
    expect(within(card).getByText('Owner')).toBeInTheDocument();
    expect(within(card).getByText('Weekly wipes')).toBeInTheDocument();
    expect(within(card).getByText('1 server')).toBeInTheDocument();
    expect(within(card).getByText('2 members')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rust Legends' })).toHaveAttribute(
      'href',
      paths.network(legends.id),
    );
    // The settings button shows for owner or admin only.
    expect(screen.getByRole('button', { name: 'Settings for Rust Legends' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings for Other Crew' })).not.toBeInTheDocument();
  });

  it('has an empty state', async () => {
    renderList();
    expect(await screen.findByRole('heading', { name: 'No networks yet' })).toBeInTheDocument();
  });

  it('shows "Failed to load networks" with the error text, and Try Again recovers', async () => {
    api.failures.set('GET /api/networks', {
      status: 503,
      body: { success: false, error: 'Database unavailable', code: 'DATABASE_UNAVAILABLE' },
    });
    api.addNetwork('Rust Legends', 'ana');
    const { user } = renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load networks');
    expect(alert).toHaveTextContent('Database unavailable');

    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Rust Legends' })).toBeInTheDocument();
  });

  it('creates a network: busy label Creating..., default description, preset gradient, then opens it', async () => {
    api.held.add('POST /api/networks');
    const { user } = renderList();
    await screen.findByRole('heading', { name: 'No networks yet' });
    await user.click(screen.getByRole('button', { name: 'Create Network' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Network' });
    const submit = within(dialog).getByRole('button', { name: 'Create Network' });
    expect(submit).toBeDisabled(); // a blank name does nothing
    await user.type(within(dialog).getByLabelText('Network Name'), '   ');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Network Name'), 'Rust Legends');
    await user.click(submit);

    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    api.release();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = api.calls.find((c) => c.method === 'POST' && c.path === '/api/networks')!;
    const body = call.body as { name: string; description: string; gradient: unknown };
    expect(body.name).toBe('Rust Legends');
    expect(body.description).toBe(DEFAULT_NETWORK_DESCRIPTION);
    expect(PRESET_GRADIENTS).toContainEqual(body.gradient);
    await waitFor(() =>
      expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(paths.network(api.networks[0].id)),
    );
  });

  it('shows the failure of a create in the dialog', async () => {
    api.failures.set('POST /api/networks', { status: 500, body: 'boom' });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Create Network' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Network' });
    await user.type(within(dialog).getByLabelText('Network Name'), 'Rust Legends');
    await user.click(within(dialog).getByRole('button', { name: 'Create Network' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create network. Please try again.',
    );
  });

  it('joins by invite code: a bad code gets the spec message, a good one reloads the list', async () => {
    const legends = api.addNetwork('Rust Legends', 'bo');
    api.addInvite(legends.id, 'K7Q2M-9XBTR-4HZ8W');
    const { user } = renderList();
    await screen.findByRole('heading', { name: 'No networks yet' });
    await user.click(screen.getByRole('button', { name: 'Join Network' }));
    const dialog = screen.getByRole('dialog', { name: 'Join Network' });
    const field = within(dialog).getByLabelText('Invite Code');

    await user.type(field, 'AAAAA-BBBBB-CCCCC');
    await user.click(within(dialog).getByRole('button', { name: 'Join Network' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Invalid invite code. Please check and try again.',
    );

    api.held.add('POST /api/invites/join');
    await user.clear(field);
    // Pasted from a chat: spaces and a zero-width space around it, lower case.
    await user.type(field, '\u200b k7q2m-9xbtr-4hz8w \u00a0');
    await user.click(within(dialog).getByRole('button', { name: 'Join Network' }));
    expect(await within(dialog).findByRole('button', { name: 'Joining...' })).toBeDisabled();
    api.release();

    expect(await screen.findByRole('link', { name: 'Rust Legends' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/invites/join').at(-1)!.body).toEqual({
      inviteCode: 'K7Q2M-9XBTR-4HZ8W',
    });
  });

  it('takes a code typed in lower case with spaces for dashes, and says the role the invite gives', async () => {
    const legends = api.addNetwork('Rust Legends', 'bo');
    api.addInvite(legends.id, 'K7Q2M-9XBTR-4HZ8W', { role: 'moderator' });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Join Network' }));
    const dialog = screen.getByRole('dialog', { name: 'Join Network' });
    await user.type(within(dialog).getByLabelText('Invite Code'), ' k7q2m 9xbtr 4hz8w ');
    await user.click(within(dialog).getByRole('button', { name: 'Join Network' }));
    expect(await screen.findByText('You joined Rust Legends as Moderator')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/invites/join').at(-1)!.body).toEqual({
      inviteCode: 'K7Q2M-9XBTR-4HZ8W',
    });
  });

  it('keeps the demo user read-only', async () => {
    renderList('demo-user-id', true);
    await screen.findByRole('heading', { name: 'No networks yet' });
    for (const name of ['Create Network', 'Join Network', 'Create your first network']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'The demo is read-only');
    }
  });

  it('says why Discord could not be linked when the install comes back failed, until dismissed', async () => {
    const reason = 'That Discord server is already linked to another network: disconnect it there first';
    const { user } = renderAs('ana', <NetworkListPage />, {
      route: `${paths.networks()}?discord=failed&reason=${encodeURIComponent(reason)}`,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Discord could not be linked');
    expect(alert).toHaveTextContent(reason);
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(new RegExp(`^${paths.networks()}$`));
  });
});
