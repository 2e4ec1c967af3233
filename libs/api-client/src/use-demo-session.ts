import { useCallback, useState } from 'react';
import type { ApiClientError } from './base-query';
import { startDemoSession } from './session';
import { useAppDispatch } from './store';

type DemoSessionState = { busy: boolean; error: ApiClientError | null };

/**
 * View Live Demo, for the landing and the login page: `start` resolves true once the demo user is
 * signed in (the caller then navigates); on failure it logs, keeps the error and resolves false.
 */
export const useDemoSession = () => {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<DemoSessionState>({ busy: false, error: null });
  const start = useCallback(async (): Promise<boolean> => {
    setState({ busy: true, error: null });
    try {
      await dispatch(startDemoSession()).unwrap();
      setState({ busy: false, error: null });
      return true;
    } catch (failure) {
      console.error('Demo sign-in failed', failure);
      setState({ busy: false, error: failure as ApiClientError });
      return false;
    }
  }, [dispatch]);
  return { start, ...state };
};
