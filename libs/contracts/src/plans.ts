// What each plan gives (DESIGN section 9): one list for the API's gate, the /plan page, the
// landing page's pricing cards and the "part of Premium" answer, so none of them can promise
// what another does not enforce.
import type { ApiFailure } from './api';
import type { Network, Plan } from './entities';

/** The areas a network gets only when its owner is on Premium (or the panel runs PLANS=off). */
export const PREMIUM_FEATURES = ['liveMap', 'suspiciousActivity', 'metricsHistory', 'automation'] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

/** How a premium area is named in a sentence ("The live map needs the Premium plan."). */
export const PREMIUM_FEATURE_NAMES: Readonly<Record<PremiumFeature, string>> = {
  liveMap: 'The live map',
  suspiciousActivity: 'Suspicious activity',
  metricsHistory: 'Metrics beyond 24 hours and their CSV export',
  automation: 'Server automation',
};

export type PlanFeature = {
  /** One line of the comparison, in plain words. */
  text: string;
  /** The plans that include it. */
  plans: readonly Plan[];
  /** The gated area it stands for, when it is one. */
  feature?: PremiumFeature;
  /** Announced but not built yet: shown as such, never sold as there. */
  comingSoon?: boolean;
};

/** Free against Premium, line by line (the /plan page's table; Free gives everything not marked). */
export const PLAN_FEATURES: readonly PlanFeature[] = [
  { text: 'Unlimited networks, servers and members with roles', plans: ['free', 'premium'] },
  {
    text: 'Players, console, kicks, warnings, bans, F7 reports and the audit log',
    plans: ['free', 'premium'],
  },
  { text: 'Alerts by e-mail, Discord, webhook and the bell', plans: ['free', 'premium'] },
  { text: 'Metrics and analytics for the last hour and 24 hours', plans: ['free', 'premium'] },
  {
    text: 'Metrics over 7 and 30 days, and their CSV export',
    plans: ['premium'],
    feature: 'metricsHistory',
  },
  {
    text: 'Live map: players on the Rust grid, trails and follow',
    plans: ['premium'],
    feature: 'liveMap',
  },
  {
    text: 'Explainable suspicious-activity score: every factor with its evidence and weight',
    plans: ['premium'],
    feature: 'suspiciousActivity',
  },
  { text: 'Server automation', plans: ['premium'], feature: 'automation' },
];

/** What a plan includes, in the table's order. */
export const planFeatures = (plan: Plan): readonly PlanFeature[] =>
  PLAN_FEATURES.filter((line) => line.plans.includes(plan));

/** The error code of a premium route on a free network (403). */
export const PLAN_REQUIRED_CODE = 'plan_required' as const;

/** The plan every premium route asks for. */
export const PREMIUM_PLAN: Plan = 'premium';

/** The operator command that sets a user's plan (no payment provider on a self-hosted panel). */
export const PLAN_OPERATOR_COMMAND = 'npm run panel -- users:plan <email> premium|free';

/** The answer to "Upgrade to Premium" (409): this panel has no payment provider; who upgrades, and how. */
export const UPGRADE_BY_OPERATOR_MESSAGE =
  'Upgrades are handled by the operator of this panel: no payment provider is configured, so the operator ' +
  'sets plans on its server with npm run panel -- users:plan <email> premium|free.';

/** The 403's `error`: names the plan and says who can change it. */
export const planRequiredMessage = (feature?: PremiumFeature): string =>
  `${feature ? PREMIUM_FEATURE_NAMES[feature] : 'This'} ${feature === 'metricsHistory' ? 'need' : 'needs'} ` +
  "the Premium plan. A network gets what its owner's plan gives; the operator of this panel sets plans.";

/** A premium route's answer on a free network: `{success:false, code:'plan_required', error}`. */
export type PlanRequiredFailure = ApiFailure & { code: typeof PLAN_REQUIRED_CODE };

/**
 * A network known to be on Free (its `plan`): a screen of a Premium area says so without asking the
 * API, which would answer 403 plan_required (a refused call in the browser's console).
 */
export const isFreeNetwork = (network: Pick<Network, 'plan'> | null | undefined): boolean =>
  network?.plan === 'free';

/** Whether an API failure (or RTK Query's error for one) is "this needs Premium". */
export const isPlanRequired = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === PLAN_REQUIRED_CODE;
