import { validateUsername } from '@outpost/validation';
import { skipToken } from '@outpost/api-cache';
import { useCheckUsernameAvailabilityQuery, type ApiClientError } from '../api/username.api';
import type { UsernameCheck } from '../components/username-availability';
import { useDebouncedValue } from '@outpost/ui';

export const USERNAME_CHECK_DELAY_MS = 350;

/**
 * The rules of @outpost/validation answer at once; only a well-formed name is sent to the server,
 * once the typing has settled, for whether it is free (taken, reserved).
 */
export const useUsernameCheck = (raw: string): UsernameCheck => {
  const value = raw.trim();
  const settled = useDebouncedValue(value, USERNAME_CHECK_DELAY_MS);
  const localError = value ? validateUsername(value) : null;
  const ask = settled && settled === value && !localError ? settled : skipToken;
  const { currentData, error, isFetching } = useCheckUsernameAvailabilityQuery(ask);
  if (!value) return { state: 'idle' };
  if (localError) return { state: 'invalid', message: localError };
  if (ask === skipToken || isFetching) return { state: 'checking' };
  if (error) return { state: 'failed', message: (error as ApiClientError).message };
  if (currentData) return { state: 'answered', username: value, answer: currentData };
  return { state: 'checking' };
};
