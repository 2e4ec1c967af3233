import { screen, within } from '@testing-library/react';
import { FakeAccountApi } from '../../../test/fake-account-api';
import { renderAs, setUpFakeAccountApi } from '../../../test/render';
import PlanPage from './plan-page';

const api = setUpFakeAccountApi();
const ana = { $id: 'u1', email: 'ana@example.com', name: 'Ana', emailVerification: true };

describe('the plan page', () => {
  it('compares Free and Premium and shows the server’s answer to an upgrade', async () => {
    const { user } = renderAs(ana, <PlanPage />);
    const free = await screen.findByRole('group', { name: 'Free' });
    const premium = screen.getByRole('group', { name: 'Premium' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(premium).getByText('$9.99')).toBeInTheDocument();
    expect(within(premium).getByText('Most popular')).toBeInTheDocument();
    expect(within(premium).getByText('Live map viewer')).toBeInTheDocument();

    await user.click(within(premium).getByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Upgrades are handled by the operator of this panel',
    );
    expect(api.callsTo('POST', '/api/users/me/plan/upgrade')).toHaveLength(1);
  });

  it('marks Premium as current for an upgraded user and offers no upgrade', async () => {
    api.profile = FakeAccountApi.newProfile({ name: 'Ana', isUpgraded: true, plan: 'premium' });
    renderAs(ana, <PlanPage />);
    const premium = await screen.findByRole('group', { name: 'Premium' });
    expect(within(premium).getByText('Current plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });
});
