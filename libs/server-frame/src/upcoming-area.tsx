import { SERVER_AREA_DEFS, type ServerArea } from '@outpost/contracts';
import { EmptyState } from '@outpost/ui';

export type UpcomingAreaProps = { area: ServerArea };

/** An area the panel has no content for yet: said plainly, never filled with sample data. */
export const UpcomingArea = ({ area }: UpcomingAreaProps) => (
  <EmptyState
    title="Not available yet"
    message={`${SERVER_AREA_DEFS[area].label} comes in a later version of Outpost. Nothing here is sample data.`}
  />
);
