import { PRICING, paths } from '@outpost/contracts';
import { Link } from '@outpost/router';

const price = (value: number) => (value === 0 ? '$0' : `$${value.toFixed(2)}`);

export const PricingSection = () => (
  <section id="pricing" className="op-section" aria-labelledby="pricing-title">
    <h2 id="pricing-title">Pricing</h2>
    <div className="op-pricing">
      {PRICING.map((plan) => (
        <article
          key={plan.plan}
          className={`op-card op-price${plan.mostPopular ? ' op-price--popular' : ''}`}
          aria-labelledby={`plan-${plan.plan}`}
        >
          {plan.mostPopular && <p className="op-badge op-badge--accent">Most popular</p>}
          <h3 id={`plan-${plan.plan}`}>{plan.name}</h3>
          <p className="op-price__amount">
            {price(plan.price)} <span>per month</span>
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
      ))}
    </div>
  </section>
);
