import type { FeatureStatus } from '../content';

export const PLAN_LABEL = { free: 'Free and Premium', premium: 'Premium' } as const;

/** "Available now" or "Planned", so nobody reads a feature that is on the way as one that is here. */
export const FeatureStatusBadge = ({ status }: { status: FeatureStatus }) =>
  status === 'planned' ? (
    <span className="op-badge">Planned</span>
  ) : (
    <span className="op-badge op-badge--success">Available now</span>
  );
