import { createAsyncThunk } from '@reduxjs/toolkit';
import type { SessionUser } from '@outpost/contracts';
import { identityApi } from './identity.api';

/**
 * After a session exists (magic link, OAuth, demo, or a reload): load the account, store the
 * user, then create a JWT. A failed JWT creation is logged and ignored (spec section 8).
 */
export const completeSignIn = createAsyncThunk<SessionUser, void, { rejectValue: unknown }>(
  'auth/completeSignIn',
  async (_arg, { dispatch, rejectWithValue }) => {
    let user: SessionUser;
    try {
      user = await dispatch(
        identityApi.endpoints.getAccount.initiate(undefined, { forceRefetch: true }),
      ).unwrap();
    } catch (error) {
      // Keep the client error ({status, message}) so callers can tell "signed out" from a failure.
      return rejectWithValue(error);
    }
    try {
      await dispatch(identityApi.endpoints.createJwt.initiate()).unwrap();
    } catch (error) {
      console.error('Could not create a login token', error);
    }
    return user;
  },
);
