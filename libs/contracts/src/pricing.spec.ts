import { PRICING, priceLineParts, pricingPlans } from './pricing';

describe('pricing cards', () => {
  it('keep the specification’s lines unless the operator set their own', () => {
    expect(pricingPlans()).toEqual(PRICING);
    const [free, premium] = pricingPlans({
      premiumPrice: '€4.99 per month',
      premiumSupport: 'Help within a day',
    });
    expect(free).toEqual(PRICING[0]);
    expect(premium.priceLine).toBe('€4.99 per month');
    expect(premium.features.map((f) => f.text)).toEqual([
      'Help within a day',
      ...PRICING[1].features.slice(1).map((f) => f.text),
    ]);
    expect(pricingPlans({ premiumPrice: null, premiumSupport: null })).toEqual(PRICING);
  });

  it('show a price line’s first word large and the rest beside it', () => {
    expect(priceLineParts('$9.99 per month')).toEqual({ figure: '$9.99', rest: 'per month' });
    expect(priceLineParts('  €5   a   year ')).toEqual({ figure: '€5', rest: 'a year' });
    expect(priceLineParts('Free')).toEqual({ figure: 'Free', rest: '' });
  });
});
