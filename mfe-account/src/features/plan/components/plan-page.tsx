import { pricingPlans, type Plan } from '@outpost/contracts';
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
import { PlanComparison } from './plan-comparison';
import { PlanUpgradeHelp } from './plan-upgrade-help';

const PLAN_NAMES: Readonly<Record<Plan, string>> = { free: 'Free', premium: 'Premium' };

/**
 * /plan: the plans' cards as the landing page shows them (the operator's Premium lines included),
 * the user's plan, Free against Premium line by line from PLAN_FEATURES, and how a plan changes on
 * this panel. Upgrading asks the server, which answers that its operator sets plans.
 */
export default function PlanPage() {
  const isDemo = useAppSelector(selectAuthStatus) === 'demo';
  const { plans, pricing } = useClientConfig();
  // PLANS=off: every network already gets everything; there is nothing to upgrade to.
  const plansOn = plans !== false;
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
        {pricingPlans(pricing).map((plan) => (
          <PlanCard
            key={plan.plan}
            plan={plan}
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
      <PlanComparison />
      <PlanUpgradeHelp email={isDemo ? undefined : profile.email} />
    </section>
  );
}
