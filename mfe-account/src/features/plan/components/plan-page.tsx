import { PRICING } from '@outpost/contracts';
import { Button, ErrorState, Spinner } from '@outpost/ui';
import {
  selectAuthStatus,
  useAppSelector,
  useGetProfileQuery,
  useRequestPlanUpgradeMutation,
  type ApiClientError,
} from '../api/plan.api';
import { PlanCard } from './plan-card';

/** /plan: Free against Premium; upgrading asks the server, which answers how upgrades work here. */
export default function PlanPage() {
  const isDemo = useAppSelector(selectAuthStatus) === 'demo';
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
        Every plan has unlimited server slots. Premium adds the tools for larger communities.
      </p>
      <div className="acc-plans">
        {PRICING.map((plan) => (
          <PlanCard
            key={plan.plan}
            plan={plan}
            current={!isDemo && plan.plan === currentPlan}
            action={
              plan.plan === 'premium' && currentPlan !== 'premium' ? (
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
          The demo is read-only: sign in with your own account to change plans.
        </p>
      )}
      <div aria-live="polite">
        {answer && (
          <p
            className={answer.status === 409 ? 'acc-note' : 'op-form-error'}
            role={answer.status === 409 ? 'status' : 'alert'}
          >
            {answer.message}
            {answer.status === 409 && '. Ask them to switch your account to Premium.'}
          </p>
        )}
        {upgrade.isSuccess && (
          <p className="acc-note" role="status">
            Your plan has been upgraded.
          </p>
        )}
      </div>
    </section>
  );
}
