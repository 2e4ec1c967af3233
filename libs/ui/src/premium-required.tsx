import { paths, PREMIUM_FEATURE_NAMES, type PremiumFeature } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { EmptyState } from './states';

export type PremiumRequiredProps = {
  /** The premium area the API refused (403 plan_required); names it in the explanation. */
  feature: PremiumFeature;
  /** A narrower name for what is missing, e.g. "History over 7 days" (one thing: "is"). */
  what?: string;
  className?: string;
};

/**
 * The answer to 403 plan_required (`isPlanRequired(error)` from @outpost/contracts): the area
 * stays, with what it would give, why it does not, and Upgrade to /plan, where the upgrade on
 * this panel is explained. Shown in place of the area's content, never instead of the area.
 */
export const PremiumRequired = ({ feature, what, className }: PremiumRequiredProps) => {
  const subject = what ?? PREMIUM_FEATURE_NAMES[feature];
  const verb = what === undefined && feature === 'metricsHistory' ? 'are' : 'is';
  return (
    <EmptyState
      className={className}
      icon={
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
          <path
            d="M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      }
      title="This area is part of Premium"
      message={
        `${subject} ${verb} part of the Premium plan, and this network's owner is on Free. ` +
        "A network gets what its owner's plan gives: see what each plan includes and how the owner upgrades."
      }
      action={
        <Link className="op-btn op-btn--primary op-btn--md" to={paths.plan()}>
          Upgrade
        </Link>
      }
    />
  );
};
