import { LOCATION_TEST_ID } from '@outpost/testing';
import { paths } from '@outpost/contracts';
import { screen } from '@testing-library/react';
import { renderAs, setUpFakeAccountApi } from '../../../test/render';
import SetupUsernamePage from './setup-username-page';

const api = setUpFakeAccountApi();
const nameless = { $id: 'u1', email: 'ana@example.com', name: '', emailVerification: true };

describe('username setup', () => {
  it('answers the rules at once and asks the server only for a well-formed name', async () => {
    const { user } = renderAs(nameless, <SetupUsernamePage />, { route: paths.setupUsername() });
    await user.type(screen.getByLabelText('Username', { exact: true }), 'admin');
    expect(screen.getByText('This username is reserved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/users/check-username')).toHaveLength(0);
  });

  it('reports a taken name from the server', async () => {
    api.taken.add('raider');
    const { user } = renderAs(nameless, <SetupUsernamePage />);
    await user.type(screen.getByLabelText('Username', { exact: true }), 'Raider');
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    // Debounced: one question for the settled name, not one per key.
    expect(api.callsTo('POST', '/api/users/check-username').map((call) => call.body)).toEqual([
      { username: 'Raider' },
    ]);
  });

  it('saves the username, also as the name when there is none, and goes to the network list', async () => {
    const { user, store } = renderAs(nameless, <SetupUsernamePage />);
    await user.type(screen.getByLabelText('Username', { exact: true }), 'raider_42');
    expect(await screen.findByText('raider_42 is available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByText(paths.networks());
    expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(paths.networks());
    expect(api.callsTo('PATCH', '/api/users/me')[0].body).toEqual({
      username: 'raider_42',
      name: 'raider_42',
    });
    // The guard reads the name from the store: it must be there before the navigation.
    expect(store.getState().auth.user?.name).toBe('raider_42');
  });

  it('keeps an existing name', async () => {
    const { user } = renderAs({ ...nameless, name: 'Ana' }, <SetupUsernamePage />);
    await user.type(screen.getByLabelText('Username', { exact: true }), 'ana_r');
    await screen.findByText('ana_r is available');
    await user.keyboard('{Enter}');
    await screen.findByText(paths.networks());
    expect(api.callsTo('PATCH', '/api/users/me')[0].body).toEqual({ username: 'ana_r' });
  });
});
