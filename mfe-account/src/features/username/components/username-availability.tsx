import { Spinner } from '@outpost/ui';
import type { CheckUsernameResponse } from '@outpost/contracts';

export type UsernameCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'invalid'; message: string }
  | { state: 'answered'; username: string; answer: CheckUsernameResponse }
  | { state: 'failed'; message: string };

export type UsernameAvailabilityProps = { check: UsernameCheck; id: string };

/** A live region under the field: screen readers hear each answer once the typing settles. */
export const UsernameAvailability = ({ check, id }: UsernameAvailabilityProps) => (
  <p
    id={id}
    className="acc-availability"
    role="status"
    aria-live="polite"
    data-state={availabilityTone(check)}
  >
    {check.state === 'checking' && <Spinner size="sm" label="Checking availability…" showLabel />}
    {check.state === 'invalid' && check.message}
    {check.state === 'failed' && `Could not check the name: ${check.message}`}
    {check.state === 'answered' &&
      (check.answer.available
        ? `${check.username} is available`
        : (check.answer.message ?? `${check.username} is not available`))}
  </p>
);

const availabilityTone = (check: UsernameCheck): string => {
  if (check.state === 'answered') return check.answer.available ? 'available' : 'unavailable';
  if (check.state === 'invalid' || check.state === 'failed') return 'unavailable';
  return check.state;
};
