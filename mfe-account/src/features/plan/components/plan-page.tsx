import { PLAN_FEATURES, PRICING, type Plan, type PricingPlan } from '@outpost/contracts';
import { Badge, Button, ErrorState, Spinner } from '@outpost/ui';
import {
  selectAuthStatus,
  useAppSelector,
  useClientConfig,
  useGetProfileQuery,
  useRequestPlanUpgradeMutation,
  type ApiClientError,
} from '../api/plan.api';
import { PlanCard } from './plan-card';
import { PlanUpgradeHelp } from './plan-upgrade-help';

/** A plan's card: its name and price, with the comparison's lines (what the API enforces). */
const comparedPlan = (plan: PricingPlan): PricingPlan => ({
  ...plan,
  features: PLAN_FEATURES.map((line) => ({
    text: line.comingSoon ? `${line.text} (coming soon)` : line.text,
    included: line.plans.includes(plan.plan),
  })),
});

const PLAN_NAMES: Readonly<Record<Plan, string>> = { free: 'Free', premium: 'Premium' };

/**
 * /plan: Free against Premium, line by line from PLAN_FEATURES, the user's plan, and how a plan
 * changes on this panel. Upgrading asks the server, which answers that its operator sets plans.
 */
export default function PlanPage() {
  const isDemo = useAppSelector(selectAuthStatus) === 'demo';
  // PLANS=off: every network already gets everything; there is nothing to upgrade to.
  const plansOn = useClientConfig().plans !== false;
  const { data: profile, isLoading, error, refetch } = useGetProfileQuery();
  const [requestUpgrade, upgrade] = useRequestPlanUpgradeMutation();

  if (isLoading)
    return (
      <section className="op-page">
        <Spinner label="Loading your plan…" showLabel />
      </section>
    );
  if (error || !profile)
    return (
      <section className="op-page">
        <h1>Plans</h1>
        <ErrorState
          title="Failed to load your plan"
          message={(error as ApiClientError | undefined)?.message}
          onRetry={() => void refetch()}
        />
      </section>
    );

  const currentPlan = profile.isUpgraded ? profile.plan : 'free';
  const answer = upgrade.error as ApiClientError | undefined;
  return (
    <section className="op-page acc-plans-page">
      <h1>{profile.isUpgraded ? 'Your plan' : 'Upgrade to Premium'}</h1>
      <p className="op-lead">
        A network gets what its owner’s plan gives. Free has everything for running and moderating servers;
        Premium adds the live map, the suspicious-activity score and metrics beyond 24 hours.
      </p>
      {!plansOn && (
        <p className="acc-note acc-plans-off">
          This panel runs with PLANS=off: every network on it gets everything Premium gives, whatever its
          owner’s plan. There is nothing to upgrade.
        </p>
      )}
      {!isDemo && (
        <p className="acc-plan-current">
          Your plan:{' '}
          <Badge tone={currentPlan === 'premium' ? 'accent' : 'neutral'}>{PLAN_NAMES[currentPlan]}</Badge>
        </p>
      )}
      <div className="acc-plans">
        {PRICING.map((plan) => (
          <PlanCard
            key={plan.plan}
            plan={comparedPlan(plan)}
            current={!isDemo && plan.plan === currentPlan}
            action={
              plansOn && plan.plan === 'premium' && currentPlan !== 'premium' ? (
                <Button
                  block
                  busy={upgrade.isLoading}
                  busyLabel="Asking the server…"
                  disabled={isDemo}
                  onClick={() => void requestUpgrade()}
                >
                  Upgrade to Premium
                </Button>
              ) : null
            }
          />
        ))}
      </div>
      {isDemo && (
        <p className="acc-note" role="note">
          The demo is read-only: sign in with your own account to change plans. The demo network is Premium.
        </p>
      )}
      <div aria-live="polite">
        {answer && (
          <p
            className={answer.status === 409 ? 'acc-note' : 'op-form-error'}
            role={answer.status === 409 ? 'status' : 'alert'}
          >
            {answer.message}
            {answer.status === 409 && ` Ask them to run it with your e-mail, ${profile.email}.`}
          </p>
        )}
        {upgrade.isSuccess && (
          <p className="acc-note" role="status">
            Your plan has been upgraded.
          </p>
        )}
      </div>
      <PlanUpgradeHelp email={isDemo ? undefined : profile.email} />
    </section>
  );
}
