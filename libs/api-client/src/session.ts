// The session steps the shell takes before any screen's API cache loads: issuing the JWT, loading
// the signed-in user, starting the demo session. They call the API through the product base query
// directly, so the first page of a visit does not wait for RTK Query.
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { SessionUser } from '@outpost/contracts';
import { COMPLETE_SIGN_IN, jwtIssued, userSignedIn } from './auth-slice';
import { productBaseQuery, type ApiClientError } from './base-query';

export type JwtResponse = { jwt: string };
/** The parts of Appwrite's session object that the panel reads. */
export type IdentitySession = { $id: string; userId: string; expire: string; provider?: string };

type ThunkConfig = { rejectValue: ApiClientError };

/** One call of the product API outside the cache; rejects with the client error. */
export const callApi = createAsyncThunk<unknown, string | FetchArgs, ThunkConfig>(
  'session/callApi',
  async (args, { dispatch, getState, extra, signal, rejectWithValue }) => {
    const result = await productBaseQuery(
      args,
      { dispatch, getState, extra, signal, abort: () => undefined, endpoint: 'callApi', type: 'mutation' },
      {},
    );
    return result.error ? rejectWithValue(result.error) : result.data;
  },
);

/** Creates a JWT for the current session and stores it (the store persists it). */
export const issueJwt = createAsyncThunk<string, void, ThunkConfig>(
  'session/issueJwt',
  async (_arg, { dispatch, rejectWithValue }) => {
    const result = await dispatch(callApi({ url: '/v1/account/jwts', method: 'POST' }));
    if (callApi.rejected.match(result)) return rejectWithValue(result.payload as ApiClientError);
    const { jwt } = result.payload as JwtResponse;
    dispatch(jwtIssued(jwt));
    return jwt;
  },
);

/**
 * After a session exists (magic link, OAuth, demo, or a reload): create a JWT, then load the
 * account, which stores the user. The JWT comes first so that the screens the route guard opens
 * once the user is stored already send it. A failed JWT creation is logged and ignored (spec
 * section 8); a failed account load rejects with the client error ({status, message}), so
 * callers can tell "signed out" from a failure. The auth slice signs out on a 401 of the latest
 * attempt (and marks the identity system failed when the boot's check fails otherwise).
 */
export const completeSignIn = createAsyncThunk<SessionUser, void, ThunkConfig>(
  COMPLETE_SIGN_IN,
  async (_arg, { dispatch, rejectWithValue }) => {
    const jwt = await dispatch(issueJwt());
    const account = await dispatch(callApi('/v1/account'));
    if (callApi.rejected.match(account)) return rejectWithValue(account.payload as ApiClientError);
    if (issueJwt.rejected.match(jwt)) console.error('Could not create a login token', jwt.payload);
    const user = account.payload as SessionUser;
    dispatch(userSignedIn(user));
    return user;
  },
);

/** View Live Demo: a session for the read-only demo user, then the usual sign-in steps. */
export const startDemoSession = createAsyncThunk<SessionUser, void, ThunkConfig>(
  'session/startDemo',
  async (_arg, { dispatch, rejectWithValue }) => {
    const session = await dispatch(callApi({ url: '/v1/account/sessions/demo', method: 'POST' }));
    if (callApi.rejected.match(session)) return rejectWithValue(session.payload as ApiClientError);
    const signedIn = await dispatch(completeSignIn());
    if (completeSignIn.rejected.match(signedIn)) return rejectWithValue(signedIn.payload as ApiClientError);
    return signedIn.payload;
  },
);
