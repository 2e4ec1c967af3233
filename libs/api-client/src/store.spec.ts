import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import {
  jwtIssued,
  selectAuthStatus,
  selectJwt,
  signedOut,
  userSignedIn,
  authCheckStarted,
} from './auth-slice';
import { JWT_STORAGE_KEY } from './config';
import { makeStore, rootReducer } from './store';

const lazySlice = createSlice({
  name: 'lazySpec',
  initialState: { open: false },
  reducers: { opened: (state) => void (state.open = true) },
});

declare module './store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof lazySlice> {}
}

beforeEach(() => localStorage.clear());

describe('makeStore', () => {
  it('holds the auth slice (the API cache joins when it loads)', () => {
    const state = makeStore().getState();
    expect(state.auth).toEqual({ status: 'signed-out', user: null, jwt: null });
  });

  it('accepts preloaded state', () => {
    const store = makeStore({ auth: { status: 'signed-in', user: null, jwt: 'pre' } });
    expect(selectAuthStatus(store.getState())).toBe('signed-in');
    expect(selectJwt(store.getState())).toBe('pre');
  });

  it('lets a remote inject a slice later', () => {
    const store = makeStore();
    const injected = lazySlice.injectInto(rootReducer);
    store.dispatch(injected.actions.opened());
    expect(injected.selectSlice(store.getState())).toEqual({ open: true });
  });
});

describe('authSlice', () => {
  it('goes loading, signed in, signed out', () => {
    const store = makeStore();
    store.dispatch(authCheckStarted());
    expect(selectAuthStatus(store.getState())).toBe('loading');
    store.dispatch(userSignedIn({ $id: 'u1', email: 'a@b.c', name: 'A', emailVerification: false }));
    expect(selectAuthStatus(store.getState())).toBe('signed-in');
    store.dispatch(signedOut());
    expect(store.getState().auth).toEqual({ status: 'signed-out', user: null, jwt: null });
  });

  it('persists the JWT to localStorage and removes it on sign-out', () => {
    const store = makeStore();
    store.dispatch(jwtIssued('j1'));
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBe('j1');
    store.dispatch(signedOut());
    expect(localStorage.getItem(JWT_STORAGE_KEY)).toBeNull();
  });
});
