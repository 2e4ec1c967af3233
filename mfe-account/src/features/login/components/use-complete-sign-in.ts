import { paths } from '@outpost/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@outpost/router';
import { completeSignIn, useAppDispatch, type ApiClientError } from '../api/login.api';

export type SignInStep = { state: 'working' } | { state: 'failed'; error: ApiClientError };

/**
 * Runs `createSession` (if any), loads the account and creates a JWT, then goes to the network
 * list; the route guard sends a user without a name on to username setup. Runs once per mount,
 * also under StrictMode, because a magic-link secret works only once.
 */
export const useCompleteSignIn = (createSession?: () => Promise<unknown>): SignInStep => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [step, setStep] = useState<SignInStep>({ state: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await createSession?.();
        await dispatch(completeSignIn()).unwrap();
        navigate(paths.networks(), { replace: true });
      } catch (error) {
        setStep({ state: 'failed', error: toClientError(error) });
      }
    })();
  }, [createSession, dispatch, navigate]);

  return step;
};

const toClientError = (error: unknown): ApiClientError =>
  typeof error === 'object' && error !== null && 'message' in error && 'status' in error
    ? (error as ApiClientError)
    : { status: 'CUSTOM_ERROR', message: error instanceof Error ? error.message : 'Sign-in failed' };
