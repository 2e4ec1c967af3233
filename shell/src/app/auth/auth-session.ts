import {
  authCheckStarted,
  completeSignIn,
  issueJwt,
  selectIsSignedIn,
  type AppStore,
} from '@outpost/api-client';

/** JWTs live 15 minutes; renew well before that so a call never carries an expired one. */
export const JWT_RENEW_INTERVAL_MS = 10 * 60 * 1000;

const isUnauthenticated = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  (error as { status: unknown }).status === 401;

/** Creates a JWT for the current session; a failed JWT creation is logged and ignored. */
export const renewJwt = async (store: AppStore): Promise<void> => {
  try {
    await store.dispatch(issueJwt()).unwrap();
  } catch (error) {
    console.error('Could not create a login token', error);
  }
};

/**
 * On start the current account is requested: on success the user is stored and a JWT created;
 * on failure (the auth slice's part) user and JWT are cleared, unless a sign-in page opened at
 * boot signed someone in meanwhile. A failed check is only logged; when the identity system
 * itself failed (not a plain "signed out") the route guard sends auth routes to the landing page.
 */
export const checkCurrentUser = async (store: AppStore): Promise<void> => {
  store.dispatch(authCheckStarted());
  try {
    await store.dispatch(completeSignIn()).unwrap();
  } catch (error) {
    if (!isUnauthenticated(error)) console.error('The current user could not be checked', error);
  }
};

export const keepJwtFresh = (store: AppStore): (() => void) => {
  const timer = setInterval(() => {
    if (selectIsSignedIn(store.getState())) void renewJwt(store);
  }, JWT_RENEW_INTERVAL_MS);
  return () => clearInterval(timer);
};
