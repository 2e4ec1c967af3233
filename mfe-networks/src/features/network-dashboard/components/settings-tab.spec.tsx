import { paths } from '@outpost/contracts';
import { LOCATION_TEST_ID } from '@outpost/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import NetworkDashboardPage from './network-dashboard-page';

const api = setUpFakeApi();

const openSettings = async () => {
  const network = api.addNetwork('Rust Legends', 'ana', { description: 'Weekly wipes' });
  const rendered = renderAs(
    'ana',
    <NetworkDashboardPage />,
    atRoute(`${paths.network(network.id)}?tab=settings`),
  );
  const form = await screen.findByRole('form', { name: 'Network settings' });
  return { ...rendered, network, form };
};

describe('the Settings tab', () => {
  it('starts from the saved values with the default toggles, Reset and Save disabled', async () => {
    const { form } = await openSettings();
    expect(within(form).getByLabelText('Network Name')).toHaveValue('Rust Legends');
    expect(within(form).getByLabelText('Description')).toHaveValue('Weekly wipes');
    expect(within(form).getByRole('switch', { name: 'Server offline alerts' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'New member joins' })).not.toBeChecked();
    expect(within(form).getByRole('button', { name: 'Reset Changes' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('tracks changes against the snapshot: editing enables, reverting disables, Reset restores', async () => {
    const { user, form } = await openSettings();
    const save = within(form).getByRole('button', { name: 'Save Changes' });
    const toggle = within(form).getByRole('switch', { name: 'New member joins' });

    await user.click(toggle);
    expect(save).toBeEnabled();
    await user.click(toggle);
    expect(save).toBeDisabled();

    const name = within(form).getByLabelText('Network Name');
    await user.type(name, ' EU');
    expect(save).toBeEnabled();
    await user.click(within(form).getByRole('button', { name: 'Reset Changes' }));
    expect(name).toHaveValue('Rust Legends');
    expect(save).toBeDisabled();
  });

  it('saves through PATCH; the saved values become the new snapshot', async () => {
    const { user, form, network } = await openSettings();
    const name = within(form).getByLabelText('Network Name');
    await user.clear(name);
    await user.type(name, 'Rust Legends EU');
    await user.click(within(form).getByRole('switch', { name: 'New member joins' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Rust Legends EU' })).toBeInTheDocument();
    const { query: _query, ...sent } = api.calls.find((call) => call.method === 'PATCH')!;
    expect(sent).toEqual({
      method: 'PATCH',
      path: `/api/networks/${network.id}`,
      body: {
        name: 'Rust Legends EU',
        description: 'Weekly wipes',
        notifications: { serverOffline: true, newMembers: true },
      },
    });
    expect(api.networks[0].notifications.newMembers).toBe(true);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save Changes' })).toBeDisabled());
  });

  it('refuses a blank name with the validation message', async () => {
    const { user, form } = await openSettings();
    await user.clear(within(form).getByLabelText('Network Name'));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText('Network name is required')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('deletes the network only after its name is typed, then goes back to the list', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Delete Network' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Network' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete Rust Legends? This action cannot be undone.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Delete Network' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type Rust Legends to confirm'), 'Rust Legends');
    await user.click(confirm);

    await waitFor(() => expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(/^\/networks$/));
    expect(api.networks).toHaveLength(0);
  });
});
