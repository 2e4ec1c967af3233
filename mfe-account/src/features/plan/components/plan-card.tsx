import { priceLineParts, type PricingPlan } from '@outpost/contracts';
import { Badge, Card, CardBody, cx } from '@outpost/ui';
import type { ReactNode } from 'react';

export type PlanCardProps = { plan: PricingPlan; current: boolean; action?: ReactNode };

export const PlanCard = ({ plan, current, action }: PlanCardProps) => {
  const headingId = `plan-${plan.plan}`;
  const price = priceLineParts(plan.priceLine);
  return (
    <Card
      className={cx('acc-plan', plan.mostPopular && 'acc-plan--popular')}
      aria-labelledby={headingId}
      role="group"
    >
      <CardBody>
        <div className="acc-plan__badges">
          {plan.mostPopular && <Badge tone="accent">Most popular</Badge>}
          {current && <Badge tone="success">Current plan</Badge>}
        </div>
        <h2 id={headingId} className="acc-plan__name">
          {plan.name}
        </h2>
        <p className="acc-plan__price">
          <span className="acc-plan__amount">{price.figure}</span> {price.rest}
        </p>
        <ul className="acc-plan__features">
          {plan.features.map((feature) => (
            <li key={feature.text} className={feature.included ? 'acc-plan__yes' : 'acc-plan__no'}>
              <span aria-hidden="true">{feature.included ? '✓' : '✕'}</span>
              <span className="op-sr-only">{feature.included ? 'Included: ' : 'Not included: '}</span>
              {feature.text}
            </li>
          ))}
        </ul>
        {action}
      </CardBody>
    </Card>
  );
};
