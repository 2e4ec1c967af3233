import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEMO_USER_ID, type SessionUser } from '@outpost/contracts';
import { readStoredJwt } from './config';

/** 'failed': the identity backend itself failed (not a plain "signed out"). */
export const AUTH_STATUSES = ['signed-out', 'loading', 'signed-in', 'demo', 'failed'] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

export type AuthState = {
  status: AuthStatus;
  user: SessionUser | null;
  jwt: string | null;
};

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
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectAuthStatus: (state) => state.status,
    selectJwt: (state) => state.jwt,
    selectIsSignedIn: (state) => state.status === 'signed-in' || state.status === 'demo',
  },
});

export const { authCheckStarted, authCheckFailed, userSignedIn, jwtIssued, signedOut } = authSlice.actions;
export const { selectCurrentUser, selectAuthStatus, selectJwt, selectIsSignedIn } = authSlice.selectors;
