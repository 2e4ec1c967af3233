import { useAppDispatch } from '@outpost/api-client';
import { identityApi } from '@outpost/api-cache';
import { useCallback } from 'react';

/**
 * Reloads the session user into the store, so the route guard and the user menu see a changed
 * name before the next navigation (the guard sends a user with an empty name to username setup).
 */
export const useRefreshAccount = () => {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    const request = dispatch(identityApi.endpoints.getAccount.initiate(undefined, { forceRefetch: true }));
    try {
      await request.unwrap();
    } finally {
      request.unsubscribe();
    }
  }, [dispatch]);
};
