import { combineSlices, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from './api';
import { authSlice, jwtIssued, signedOut } from './auth-slice';
import { writeStoredJwt } from './config';

/**
 * Slices that remotes inject at runtime (`rootReducer.inject(slice)`) declare themselves here by
 * module augmentation:
 *
 *   declare module '@outpost/api-client' { interface LazyLoadedSlices extends WithSlice<typeof playersUiSlice> {} }
 *
 * It must be an interface: only interfaces merge across declarations, a `type` cannot be
 * augmented. This is the one exception to "type over interface", as in RTK's code-splitting docs.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Keeps the JWT across reloads; a side effect, so not in the reducer. */
const createJwtPersistence = () => {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(jwtIssued, signedOut),
    effect: (_action, { getState }) => writeStoredJwt((getState() as RootState).auth.jwt),
  });
  return listener.middleware;
};

export const makeStore = (preloadedState?: Partial<RootState>) =>
  configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware, createJwtPersistence()),
  });

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * The store's React provider. Apps take Redux from this shared lib, never from react-redux or
 * @reduxjs/toolkit directly: one store and one API cache per page, and the bundler keeps only
 * the parts of Redux Toolkit the panel uses.
 */
export { Provider as StoreProvider } from 'react-redux';
export { setupListeners, skipToken } from '@reduxjs/toolkit/query';
