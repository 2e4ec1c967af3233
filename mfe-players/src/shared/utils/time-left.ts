import type { PlayerBan } from '@outpost/contracts';
import { formatDate, formatUptime } from '@outpost/format';

/** How long a timed ban still holds, e.g. '6d 23h left' (every screen that shows a ban says it alike). */
export const timeLeftLabel = (seconds: number): string =>
  seconds < 60 ? 'Less than a minute left' : `${formatUptime(Math.floor(seconds))} left`;

/** A ban that holds now, in a few words: 'Permanent', or 'Until Dec 3, 2026 (6d 23h left)'. */
export const banLabel = ({ expiresAt, timeLeftSeconds }: PlayerBan): string =>
  expiresAt === null
    ? 'Permanent'
    : `Until ${formatDate(expiresAt)} (${timeLeftLabel(timeLeftSeconds ?? 0)})`;
