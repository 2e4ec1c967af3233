import type { ApiClientError } from '@outpost/api-client';

const isClientError = (error: unknown): error is ApiClientError =>
  typeof error === 'object' && error !== null && 'message' in error && 'status' in error;

/**
 * The API's own message when it sent one (spec section 8: "the server's own error text is used
 * when present"), else the screen's fallback. A bare status text or a network failure is not
 * worth showing a person, so those get the fallback too.
 */
export const errorMessage = (error: unknown, fallback: string): string =>
  isClientError(error) && error.code && error.message ? error.message : fallback;

/** The HTTP status of a failed call, when there was a response. */
export const errorStatus = (error: unknown): number | null =>
  isClientError(error) && typeof error.status === 'number' ? error.status : null;

/**
 * What a list says when a read of it fails: the API's message for the filter it refused (a 400's
 * first detail), else its message for the call; '' when it sent neither.
 */
export const listErrorMessage = (error: unknown): string =>
  (error as { details?: { message: string }[] } | undefined)?.details?.[0]?.message ??
  errorMessage(error, '');
