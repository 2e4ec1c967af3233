import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { DEMO_USER_ID, type SessionUser } from '@outpost/contracts';
import { readStoredJwt } from './config';

/** 'failed': the identity backend itself failed (not a plain "signed out"). */
export const AUTH_STATUSES = ['signed-out', 'loading', 'signed-in', 'demo', 'failed'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

export type AuthState = {
  status: AuthStatus;
  user: SessionUser | null;
  jwt: string | null;
  /** The latest completeSignIn: only its failure may sign out (an earlier one lost the race). */
  signInRequestId?: string;
};

/** The type prefix of the completeSignIn thunk (session.ts), matched here by its actions. */
export const COMPLETE_SIGN_IN = 'auth/completeSignIn';

type SignInAction = UnknownAction & { meta: { requestId: string }; payload?: unknown };
const signInStep =
  (step: 'pending' | 'rejected') =>
  (action: UnknownAction): action is SignInAction =>
    action.type === `${COMPLETE_SIGN_IN}/${step}`;

// Lazy so that a store made after sign-in (or in a test that wrote localStorage) picks up the JWT.
const initialAuthState = (): AuthState => ({ status: 'signed-out', user: null, jwt: readStoredJwt() });

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    authCheckStarted: (state) => {
      state.status = 'loading';
    },
    /** The demo user is told apart by its fixed id, so the badge and read-only hints need no extra call. */
    userSignedIn: (state, action: PayloadAction<SessionUser>) => {
      state.user = action.payload;
      state.status = action.payload.$id === DEMO_USER_ID ? 'demo' : 'signed-in';
    },
    authCheckFailed: (state) => {
      state.status = 'failed';
      state.user = null;
    },
    jwtIssued: (state, action: PayloadAction<string>) => {
      state.jwt = action.payload;
    },
    signedOut: (state) => {
      state.status = 'signed-out';
      state.user = null;
      state.jwt = null;
    },
  },
  extraReducers: (builder) =>
    builder
      .addMatcher(signInStep('pending'), (state, action) => {
        state.signInRequestId = action.meta.requestId;
      })
      // The boot's check and a sign-in page opened at boot (magic link, OAuth, demo) both run
      // completeSignIn; the check's "no session" may arrive after the page signed in, and must
      // not sign that user out (nor drop their JWT). Only the latest attempt's failure counts.
      .addMatcher(signInStep('rejected'), (state, action) => {
        if (action.meta.requestId !== state.signInRequestId) return;
        if ((action.payload as { status?: unknown } | undefined)?.status === 401) {
          state.status = 'signed-out';
          state.user = null;
          state.jwt = null;
        } else if (state.status === 'loading') {
          state.status = 'failed';
          state.user = null;
        }
      }),
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectAuthStatus: (state) => state.status,
    selectJwt: (state) => state.jwt,
    selectIsSignedIn: (state) => state.status === 'signed-in' || state.status === 'demo',
  },
});

export const { authCheckStarted, authCheckFailed, userSignedIn, jwtIssued, signedOut } = authSlice.actions;
export const { selectCurrentUser, selectAuthStatus, selectJwt, selectIsSignedIn } = authSlice.selectors;
