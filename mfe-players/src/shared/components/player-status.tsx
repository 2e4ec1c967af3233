import type { PlayerStatus as Status } from '@outpost/contracts';
import { cx } from '@outpost/ui';

const LABELS: Record<Status, string> = { online: 'Online', offline: 'Offline', banned: 'Banned' };

export type PlayerStatusProps = { status: Status; className?: string };

/** The player's status as a label; online gets the pulsing marker (spec section 4). */
export const PlayerStatus = ({ status, className }: PlayerStatusProps) => (
  <span className={cx('pl-status', `pl-status--${status}`, className)}>
    <span
      className={cx('pl-status__dot', status === 'online' && 'pl-status__dot--pulse')}
      aria-hidden="true"
    />
    {LABELS[status] ?? status}
  </span>
);
