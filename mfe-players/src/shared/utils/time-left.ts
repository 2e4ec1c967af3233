import { formatUptime } from '@outpost/format';

/** How long a timed ban still holds, e.g. '6d 23h left' (every screen that shows a ban says it alike). */
export const timeLeftLabel = (seconds: number): string =>
  seconds < 60 ? 'Less than a minute left' : `${formatUptime(Math.floor(seconds))} left`;
