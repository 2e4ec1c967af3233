import { useClientConfig } from '@outpost/api-client';
import { PLANS_OFF_PRICING, paths, priceLineParts, pricingPlans } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { GetStartedLink } from './get-started-link';

/**
 * The plans as the specification prices them, with the Premium lines this panel's operator set;
 * a panel started with PLANS=off sells nothing, and says that everything is included.
 */
export const PricingSection = () => {
  const { plans, pricing } = useClientConfig();
  return (
    <section id="pricing" className="op-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title">Pricing</h2>
      {plans ? (
        <div className="op-pricing">
          {pricingPlans(pricing).map((plan) => {
            const price = priceLineParts(plan.priceLine);
            return (
              <article
                key={plan.plan}
                className={`op-card op-price${plan.mostPopular ? ' op-price--popular' : ''}`}
                aria-labelledby={`plan-${plan.plan}`}
              >
                {plan.mostPopular && <p className="op-badge op-badge--accent">Most popular</p>}
                <h3 id={`plan-${plan.plan}`}>{plan.name}</h3>
                <p className="op-price__amount">
                  {price.figure} <span>{price.rest}</span>
                </p>
                <ul className="op-price__features">
                  {plan.features.map((feature) => (
                    <li key={feature.text} className={feature.included ? 'is-included' : 'is-excluded'}>
                      <span className="op-sr-only">{feature.included ? 'Included: ' : 'Not included: '}</span>
                      {feature.text}
                    </li>
                  ))}
                </ul>
                <Link
                  className="op-btn op-btn--primary op-btn--md"
                  to={plan.plan === 'free' ? paths.login() : paths.plan()}
                >
                  {plan.plan === 'free' ? 'Start for free' : 'Go Premium'}
                </Link>
              </article>
            );
          })}
        </div>
      ) : (
        <article className="op-card op-price op-price--popular" aria-labelledby="plans-off-title">
          <h3 id="plans-off-title">{PLANS_OFF_PRICING.title}</h3>
          <p>{PLANS_OFF_PRICING.body}</p>
          <GetStartedLink size="md" />
        </article>
      )}
    </section>
  );
};
