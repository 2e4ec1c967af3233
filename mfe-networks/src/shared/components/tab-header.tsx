import { Button } from '@outpost/ui';

export type TabHeaderProps = { title: string; onRefresh: () => void; refreshing: boolean };

/** A tab's heading with its Refresh button. */
export const TabHeader = ({ title, onRefresh, refreshing }: TabHeaderProps) => (
  <div className="net-tab__header">
    <h2>{title}</h2>
    <Button variant="secondary" size="sm" onClick={onRefresh} busy={refreshing} busyLabel="Refreshing...">
      Refresh
    </Button>
  </div>
);
