import { screen, within } from '@testing-library/react';
import { configureApiClient } from '@outpost/api-client';
import { PLAN_FEATURES, PRICING, UPGRADE_BY_OPERATOR_MESSAGE } from '@outpost/contracts';
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
  it('shows the landing page’s cards, the same items on each, the specification’s prices', async () => {
    renderAs(ana, <PlanPage />);
    const free = await screen.findByRole('group', { name: 'Free' });
    const premium = screen.getByRole('group', { name: 'Premium' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(screen.getByText(/^Your plan:/)).toHaveTextContent('Your plan: Free');
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(premium).getByText('$9.99')).toBeInTheDocument();
    expect(within(premium).getByText('$9.99').parentElement).toHaveTextContent('$9.99 per month');
    expect(within(premium).getByText('Most popular')).toBeInTheDocument();
    for (const [card, plan] of [
      [free, PRICING[0]],
      [premium, PRICING[1]],
    ] as const)
      expect(linesOf(card)).toEqual(
        plan.features.map((f) => `${f.included ? '✓Included: ' : '✕Not included: '}${f.text}`),
      );
    expect(linesOf(premium)[0]).toBe('✓Included: 24/7 support');
    expect(screen.queryByText(/AI/)).not.toBeInTheDocument();
  });

  it('compares Free and Premium line by line from the plans the API enforces', async () => {
    renderAs(ana, <PlanPage />);
    const table = within(await screen.findByRole('region', { name: 'Line by line' })).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(PLAN_FEATURES.length);
    const row = (text: string) => within(table).getByRole('rowheader', { name: text }).closest('tr');
    expect(row('Metrics and analytics for the last hour and 24 hours')).toHaveTextContent(
      /✓Included✓Included$/,
    );
    expect(row('Live map: players on the Rust grid, trails and follow')).toHaveTextContent(
      /✕Not included✓Included$/,
    );
    expect(row('Server automation')).toHaveTextContent(/✕Not included✓Included$/);
  });

  describe('with the Premium lines this panel’s operator set', () => {
    beforeEach(() =>
      configureApiClient({
        pricing: { premiumPrice: '€4.99 per month', premiumSupport: 'Help within a day' },
      }),
    );
    afterEach(() => configureApiClient({ pricing: { premiumPrice: null, premiumSupport: null } }));

    it('says their price and support on the Premium card', async () => {
      renderAs(ana, <PlanPage />);
      const premium = await screen.findByRole('group', { name: 'Premium' });
      expect(within(premium).getByText('€4.99').parentElement).toHaveTextContent('€4.99 per month');
      expect(linesOf(premium)[0]).toBe('✓Included: Help within a day');
      expect(within(premium).queryByText('24/7 support')).not.toBeInTheDocument();
    });
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
