import type { ApiClientError } from '@outpost/api-client';

const asClientError = (error: unknown): ApiClientError | null =>
  typeof error === 'object' && error !== null && 'status' in error ? (error as ApiClientError) : null;

/**
 * The API's own text when it answered with one (spec section 8); a network failure or a bare
 * status line gives `fallback` instead.
 */
export const apiErrorText = (error: unknown, fallback = ''): string => {
  const known = asClientError(error);
  return known?.code && known.message ? known.message : fallback;
};

export const apiErrorStatus = (error: unknown): number | null => {
  const status = asClientError(error)?.status;
  return typeof status === 'number' ? status : null;
};

/** A 400's messages by field (the API's `details`), e.g. `{expiresAt: 'Expiry must be in the future'}`. */
export const apiFieldErrors = (error: unknown): Record<string, string> => {
  const details = asClientError(error)?.details ?? [];
  return Object.fromEntries(details.map(({ field, message }) => [field, message]));
};
