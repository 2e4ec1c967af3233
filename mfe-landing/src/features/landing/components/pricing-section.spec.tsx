import { configureApiClient } from '@outpost/api-client';
import { paths, PRICING } from '@outpost/contracts';
import { renderAs, renderWithProviders } from '@outpost/testing';
import { screen, within } from '@testing-library/react';
import { PricingSection } from './pricing-section';

const itemsOf = (name: string) =>
  within(screen.getByRole('article', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => configureApiClient({ plans: true, pricing: { premiumPrice: null, premiumSupport: null } }));

describe('the pricing section', () => {
  it('prices as the specification does: Free at $0, Premium at $9.99 per month, the most popular', () => {
    renderWithProviders(<PricingSection />);
    const free = screen.getByRole('article', { name: 'Free' });
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(within(free).getByText('$0').closest('p')).toHaveTextContent('$0 per month');
    expect(within(premium).getByText('$9.99').closest('p')).toHaveTextContent('$9.99 per month');
    expect(within(premium).getByText('Most popular')).toBeInTheDocument();
    expect(within(free).queryByText('Most popular')).not.toBeInTheDocument();
    expect(itemsOf('Premium')).toEqual(PRICING[1].features.map((f) => `Included: ${f.text}`));
    expect(itemsOf('Premium')[0]).toBe('Included: 24/7 support');
    expect(itemsOf('Free')).toContain('Not included: Advanced analytics');
  });

  it('says the price and support lines this panel’s operator set', () => {
    configureApiClient({
      pricing: { premiumPrice: '€4.99 per month', premiumSupport: 'Help on our chat within a day' },
    });
    renderWithProviders(<PricingSection />);
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(within(premium).getByText('€4.99').closest('p')).toHaveTextContent('€4.99 per month');
    expect(itemsOf('Premium')[0]).toBe('Included: Help on our chat within a day');
    expect(within(premium).queryByText('24/7 support')).not.toBeInTheDocument();
  });

  it('says everything is included on a panel started with PLANS=off, with no price to pay', () => {
    configureApiClient({ plans: false });
    renderWithProviders(<PricingSection />);
    expect(screen.getByRole('heading', { name: 'Everything is included on this panel' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Premium' })).not.toBeInTheDocument();
    expect(screen.queryByText(/\$9\.99/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', paths.login());
  });

  it('leads a signed-in user to their dashboard from there', () => {
    configureApiClient({ plans: false });
    renderAs('ada', <PricingSection />);
    expect(screen.getByRole('link', { name: 'Open dashboard' })).toHaveAttribute('href', paths.dashboard());
  });
});
