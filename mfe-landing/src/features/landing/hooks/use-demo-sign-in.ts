import { completeSignIn, useAppDispatch, useCreateDemoSessionMutation } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { useState } from 'react';
import { useNavigate } from '@outpost/router';

/** View Live Demo: a session for the read-only demo user, then the demo network list. */
export const useDemoSignIn = () => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createDemoSession, { isLoading }] = useCreateDemoSessionMutation();
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    try {
      await createDemoSession().unwrap();
      await dispatch(completeSignIn()).unwrap();
      navigate(paths.networks());
    } catch (failure) {
      console.error('Demo sign-in failed', failure);
      setError('The live demo could not be started. Please try again.');
    }
  };
  return { start, busy: isLoading, error };
};
