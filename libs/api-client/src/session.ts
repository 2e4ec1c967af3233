import { createAsyncThunk } from '@reduxjs/toolkit';
import type { SessionUser } from '@outpost/contracts';
import { identityApi } from './identity.api';

/**
 * After a session exists (magic link, OAuth, demo, or a reload): create a JWT, then load the
 * account, which stores the user. The JWT comes first so that the screens the route guard opens
 * once the user is stored already send it. A failed JWT creation is logged and ignored (spec
 * section 8); a failed account load rejects with the client error ({status, message}), so
 * callers can tell "signed out" from a failure.
 */
export const completeSignIn = createAsyncThunk<SessionUser, void, { rejectValue: unknown }>(
  'auth/completeSignIn',
  async (_arg, { dispatch, rejectWithValue }) => {
    let jwtFailure: unknown = null;
    try {
      await dispatch(identityApi.endpoints.createJwt.initiate()).unwrap();
    } catch (error) {
      jwtFailure = error;
    }
    try {
      const user = await dispatch(
        identityApi.endpoints.getAccount.initiate(undefined, { forceRefetch: true }),
      ).unwrap();
      if (jwtFailure) console.error('Could not create a login token', jwtFailure);
      return user;
    } catch (error) {
      return rejectWithValue(error);
    }
  },
);
