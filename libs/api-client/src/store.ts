import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  createListenerMiddleware,
  isAnyOf,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { authSlice, jwtIssued, signedOut } from './auth-slice';
import { writeStoredJwt } from './config';

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

export const rootReducer = combineSlices(authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Middleware of code that loads after the store exists (the API cache's). */
export const dynamicMiddleware = createDynamicMiddleware();

/** Keeps the JWT across reloads; a side effect, so not in the reducer. */
const createJwtPersistence = () => {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(jwtIssued, signedOut),
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

/** Dispatched once a lib has extended a store, so the slices it injected get their initial state. */
export const storeExtended = createAction('store/extended');

type StoreExtension = (store: AppStore) => void;
const extensions: StoreExtension[] = [];
/** Weak: a page has one store, but specs make hundreds. */
const stores = new Set<WeakRef<AppStore>>();

/** Runs `extend` on every store, those made already and those made later. */
export const extendStores = (extend: StoreExtension): void => {
  extensions.push(extend);
  for (const ref of stores) {
    const store = ref.deref();
    if (!store) {
      stores.delete(ref);
      continue;
    }
    extend(store);
    store.dispatch(storeExtended());
  }
};

export const makeStore = (preloadedState?: Partial<RootState>): AppStore => {
  const store = makeConfiguredStore(preloadedState);
  stores.add(new WeakRef(store));
  for (const extend of extensions) extend(store);
  if (extensions.length > 0) store.dispatch(storeExtended());
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
