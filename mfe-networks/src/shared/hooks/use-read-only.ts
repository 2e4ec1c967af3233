import { selectAuthStatus, useAppSelector } from '@outpost/api-client';

export const READ_ONLY_HINT = 'The demo is read-only';

/** The demo user may look at everything and change nothing (the API answers 403 anyway). */
export const useReadOnly = (): boolean => useAppSelector(selectAuthStatus) === 'demo';
