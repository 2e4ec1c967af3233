import { selectAuthStatus, useAppSelector } from '@outpost/api-client';
import { DEMO_READ_ONLY_MESSAGE } from '@outpost/contracts';

/** Why an action is disabled for the demo: the API's own refusal, said before it is tried. */
export const READ_ONLY_HINT = DEMO_READ_ONLY_MESSAGE;

/** The demo user may look at everything and change nothing (the API answers 403 anyway). */
export const useReadOnly = (): boolean => useAppSelector(selectAuthStatus) === 'demo';
