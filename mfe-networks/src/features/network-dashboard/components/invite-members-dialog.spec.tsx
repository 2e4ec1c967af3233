import { paths } from '@outpost/contracts';
import { screen, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import NetworkDashboardPage from './network-dashboard-page';

const api = setUpFakeApi();

const openInviteDialog = async (networkId: string) => {
  const { user } = renderAs('ana', <NetworkDashboardPage />, atRoute(paths.network(networkId)));
  await user.click(await screen.findByRole('button', { name: 'Invite' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Invite Members' }) };
};

describe('Invite Members: a new code with its role, uses and expiry', () => {
  it('offers a member, 1 use and 24 hours first, and makes a 5-use moderator code for 7 days', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    const { user, dialog } = await openInviteDialog(network.id);
    const joinsAs = within(dialog).getByRole('group', { name: 'Joins as' });
    expect(within(joinsAs).getByRole('radio', { name: 'Member' })).toBeChecked();
    expect(
      within(joinsAs)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Member', 'Moderator']);
    expect(within(dialog).getByRole('spinbutton', { name: 'Uses' })).toHaveValue(1);
    expect(within(dialog).getByRole('combobox', { name: 'Expires after' })).toHaveDisplayValue('24 hours');

    await user.click(within(joinsAs).getByRole('radio', { name: 'Moderator' }));
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Uses' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Uses' }), '5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires after' }), '7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Generate New Code' }));

    expect(await within(dialog).findByText(/Joins as Moderator · 5 of 5 uses left/)).toBeInTheDocument();
    const [made] = api.invites;
    expect(made).toMatchObject({
      role: 'moderator',
      maxUses: 5,
      metadata: { createdFrom: 'network-dashboard' },
    });
    const days = (Date.parse(made!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
  });

  it.each(['0', '101', ''])('says what the uses may be for %j, and makes nothing', async (uses) => {
    const network = api.addNetwork('Rust Legends', 'ana');
    const { user, dialog } = await openInviteDialog(network.id);
    const field = within(dialog).getByRole('spinbutton', { name: 'Uses' });
    await user.clear(field);
    if (uses) await user.type(field, uses);
    await user.click(within(dialog).getByRole('button', { name: 'Generate New Code' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Uses must be a whole number from 1 to 100'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.invites).toHaveLength(0);
  });
});
