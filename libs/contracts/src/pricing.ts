// The pricing cards (spec section 1): one list for the landing page's cards and /plan's, so the two
// cannot promise different things. The operator of a panel may say its own Premium price and
// support (PREMIUM_PRICE, PREMIUM_SUPPORT); a panel started with PLANS=off sells nothing and says so.
import type { Plan } from './entities';

export type PricingFeature = { text: string; included: boolean };
export type PricingPlan = {
  plan: Plan;
  name: string;
  /** The card's price line: the figure first, then what it is for ("$9.99 per month"). */
  priceLine: string;
  mostPopular: boolean;
  features: readonly PricingFeature[];
};

/** What the operator set for the Premium card; null: the specification's line. */
export type PricingSettings = { premiumPrice: string | null; premiumSupport: string | null };

/** The specification's Premium price (9.99 per month) and support line. */
export const PREMIUM_PRICE_DEFAULT = '$9.99 per month';
export const PREMIUM_SUPPORT_DEFAULT = '24/7 support';
/** The longest PREMIUM_PRICE or PREMIUM_SUPPORT a card can hold on a phone. */
export const PRICING_LINE_MAX_LENGTH = 60;

/**
 * The cards, in plain words about what is real (issue 28): an explainable suspicious-activity
 * score, not "AI anti-cheat". The /plan page adds a line-by-line comparison from PLAN_FEATURES.
 */
export const pricingPlans = (settings: Partial<PricingSettings> = {}): readonly PricingPlan[] => [
  {
    plan: 'free',
    name: 'Free',
    priceLine: '$0 per month',
    mostPopular: false,
    features: [
      { text: 'Unlimited server slots', included: true },
      { text: 'Basic server controls', included: true },
      { text: 'Community support', included: true },
      { text: 'Advanced analytics', included: false },
      { text: 'Explainable suspicious-activity score', included: false },
    ],
  },
  {
    plan: 'premium',
    name: 'Premium',
    priceLine: settings.premiumPrice ?? PREMIUM_PRICE_DEFAULT,
    mostPopular: true,
    features: [
      { text: settings.premiumSupport ?? PREMIUM_SUPPORT_DEFAULT, included: true },
      { text: 'Live map viewer', included: true },
      { text: 'Explainable suspicious-activity score', included: true },
      { text: 'Real-time analytics and reporting', included: true },
      { text: 'Server automation', included: true },
    ],
  },
];

/** The cards as the specification has them, without any operator's settings. */
export const PRICING: readonly PricingPlan[] = pricingPlans();

/** A price line as a card shows it: its first word large ("$9.99"), the rest beside it. */
export const priceLineParts = (line: string): { figure: string; rest: string } => {
  const [figure = '', ...rest] = line.trim().split(/\s+/);
  return { figure, rest: rest.join(' ') };
};

/** The pricing section of a panel started with PLANS=off: nothing to buy, everything given. */
export const PLANS_OFF_PRICING = {
  title: 'Everything is included on this panel',
  body:
    'Every network on it gets all that Premium gives (the live map, the suspicious-activity score, ' +
    "metrics beyond 24 hours and server automation), whatever its owner's plan. There is nothing to pay for.",
} as const;
