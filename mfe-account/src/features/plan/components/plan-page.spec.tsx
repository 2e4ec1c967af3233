import { screen, within } from '@testing-library/react';
import { configureApiClient } from '@outpost/api-client';
import { PLAN_FEATURES, UPGRADE_BY_OPERATOR_MESSAGE } from '@outpost/contracts';
import { FakeAccountApi } from '../../../test/fake-account-api';
import { renderAs, setUpFakeAccountApi } from '../../../test/render';
import PlanPage from './plan-page';

const api = setUpFakeAccountApi();
const ana = { $id: 'u1', email: 'ana@example.com', name: 'Ana', emailVerification: true };

const linesOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the plan page', () => {
  it('compares Free and Premium line by line from the plans the API enforces', async () => {
    renderAs(ana, <PlanPage />);
    const free = await screen.findByRole('group', { name: 'Free' });
    const premium = screen.getByRole('group', { name: 'Premium' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(screen.getByText(/^Your plan:/)).toHaveTextContent('Your plan: Free');
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(premium).getByText('$9.99')).toBeInTheDocument();
    expect(within(premium).getByText('Most popular')).toBeInTheDocument();

    expect(linesOf(free)).toHaveLength(PLAN_FEATURES.length);
    expect(linesOf(free)).toContain('✓Included: Metrics and analytics for the last hour and 24 hours');
    expect(linesOf(free)).toContain('✕Not included: Live map: players on the Rust grid, trails and follow');
    expect(linesOf(premium)).toContain(
      '✓Included: Explainable suspicious-activity score: every factor with its evidence and weight',
    );
    expect(linesOf(premium)).toContain('✓Included: Server automation');
    expect(screen.queryByText(/AI/)).not.toBeInTheDocument();
  });

  it('says how an upgrade happens here: the operator command, and PLANS=off', async () => {
    renderAs(ana, <PlanPage />);
    const help = await screen.findByRole('region', { name: 'How to upgrade on this panel' });
    expect(within(help).getByText(/has no payment provider/)).toBeInTheDocument();
    expect(
      within(help).getByText('npm run panel -- users:plan ana@example.com premium|free'),
    ).toBeInTheDocument();
    expect(within(help).getByText('PLANS=off')).toBeInTheDocument();
  });

  it('answers Upgrade to Premium with who upgrades and how, not a bare refusal', async () => {
    const { user } = renderAs(ana, <PlanPage />);
    const premium = await screen.findByRole('group', { name: 'Premium' });
    await user.click(within(premium).getByRole('button', { name: 'Upgrade to Premium' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(UPGRADE_BY_OPERATOR_MESSAGE);
    expect(status).toHaveTextContent('npm run panel -- users:plan <email> premium|free');
    expect(status).toHaveTextContent('Ask them to run it with your e-mail, ana@example.com.');
    expect(api.callsTo('POST', '/api/users/me/plan/upgrade')).toHaveLength(1);
  });

  it('marks Premium as current for an upgraded user and offers no upgrade', async () => {
    api.profile = FakeAccountApi.newProfile({ name: 'Ana', isUpgraded: true, plan: 'premium' });
    renderAs(ana, <PlanPage />);
    const premium = await screen.findByRole('group', { name: 'Premium' });
    expect(within(premium).getByText('Current plan')).toBeInTheDocument();
    expect(screen.getByText(/^Your plan:/)).toHaveTextContent('Your plan: Premium');
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it('keeps the demo read-only and says its network is Premium', async () => {
    renderAs(ana, <PlanPage />, { demo: true });
    expect(await screen.findByRole('button', { name: 'Upgrade to Premium' })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('The demo network is Premium.');
    expect(screen.getByText('npm run panel -- users:plan <email> premium|free')).toBeInTheDocument();
  });

  describe('on a panel started with PLANS=off', () => {
    beforeEach(() => configureApiClient({ plans: false }));
    afterEach(() => configureApiClient({ plans: true }));

    it('says every network gets everything, and offers no upgrade', async () => {
      renderAs(ana, <PlanPage />);
      expect(
        await screen.findByText(
          /^This panel runs with PLANS=off: every network on it gets everything Premium gives/,
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    });
  });
});
