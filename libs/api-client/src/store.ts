import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  createListenerMiddleware,
  isAnyOf,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { authSlice, COMPLETE_SIGN_IN, jwtIssued, signedOut } from './auth-slice';
import { writeStoredJwt } from './config';
import { liveSlice } from './live/live-slice';

/**
 * Slices that load later (the API cache of @outpost/api-cache, a remote's own UI state) declare
 * themselves here by module augmentation and are injected with `rootReducer.inject(slice)`:
 *
 *   declare module '@outpost/api-client' { interface LazyLoadedSlices extends WithSlice<typeof playersUiSlice> {} }
 *
 * It must be an interface: only interfaces merge across declarations, a `type` cannot be
 * augmented. This is the one exception to "type over interface", as in RTK's code-splitting docs.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(authSlice, liveSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Middleware of code that loads after the store exists (the API cache's). */
export const dynamicMiddleware = createDynamicMiddleware();

/** Keeps the JWT across reloads; a side effect, so not in the reducer. */
const createJwtPersistence = () => {
  const listener = createListenerMiddleware();
  listener.startListening({
    // A failed sign-in may have dropped the JWT too (auth slice).
    predicate: (action) =>
      isAnyOf(jwtIssued, signedOut)(action) || action.type === `${COMPLETE_SIGN_IN}/rejected`,
    effect: (_action, { getState }) => writeStoredJwt((getState() as RootState).auth.jwt),
  });
  return listener.middleware;
};

const makeConfiguredStore = (preloadedState?: Partial<RootState>) =>
  configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(createJwtPersistence(), dynamicMiddleware.middleware),
  });

export type AppStore = ReturnType<typeof makeConfiguredStore>;
export type AppDispatch = AppStore['dispatch'];

/** Dispatched to the stores made so far once a lib injected its slices: they get their initial state. */
export const slicesInjected = createAction('store/slicesInjected');

/** Weak: a page has one store, but specs make hundreds. */
const stores = new Set<WeakRef<AppStore>>();

/**
 * For a lib that injects slices after stores exist (the API cache). A store made later starts
 * with them anyway: its first action already runs the injected reducers.
 */
export const initInjectedSlices = (): void => {
  for (const ref of stores) {
    const store = ref.deref();
    if (store) store.dispatch(slicesInjected());
    else stores.delete(ref);
  }
};

export const makeStore = (preloadedState?: Partial<RootState>): AppStore => {
  const store = makeConfiguredStore(preloadedState);
  stores.add(new WeakRef(store));
  return store;
};

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * The store's React provider. Apps take Redux from this shared lib, never from react-redux or
 * @reduxjs/toolkit directly: one store per page, and the bundler keeps only the parts of Redux
 * Toolkit the panel uses.
 */
export { Provider as StoreProvider } from 'react-redux';
