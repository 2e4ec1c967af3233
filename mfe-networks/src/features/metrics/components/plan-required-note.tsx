import { paths } from '@outpost/contracts';
import { EmptyState } from '@outpost/ui';
import { Link } from '@outpost/router';

export type PlanRequiredNoteProps = { what: string };

/** A range the network's plan does not include: what it would show, and where to upgrade. */
export const PlanRequiredNote = ({ what }: PlanRequiredNoteProps) => (
  <EmptyState
    title="Premium feature"
    message={`${what} needs the network owner’s Premium plan.`}
    action={
      <Link className="op-btn op-btn--secondary op-btn--md" to={paths.plan()}>
        Upgrade
      </Link>
    }
  />
);
