import type { ReactElement, ReactNode } from 'react';
import { Route, Routes, useLocation } from '@outpost/router';
// The facade ships only what the panel runs; a spec's in-memory router is the same package's.
import { MemoryRouter } from 'react-router';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, StoreProvider, type AppStore, type RootState } from '@outpost/api-client';
import { ToastProvider } from '@outpost/ui';

export type RenderWithProvidersOptions = Omit<RenderOptions, 'wrapper' | 'queries'> & {
  /** The URL the router starts at. Default '/'. */
  route?: string;
  /** A route pattern such as '/networks/:networkId', so the screen can read its params. */
  path?: string;
  /** Ignored when `store` is given. */
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Passed to userEvent.setup, e.g. `{advanceTimers: jest.advanceTimersByTime}` with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
};

export const LOCATION_TEST_ID = 'router-location';

/** Renders the router's current path and query, so a spec can assert where a click led. */
const LocationProbe = () => {
  const { pathname, search } = useLocation();
  return (
    <output data-testid={LOCATION_TEST_ID} hidden>
      {pathname + search}
    </output>
  );
};

/**
 * Renders `ui` inside the panel's real providers: the store from makeStore (the one API slice and
 * the auth slice), a MemoryRouter at `route`, and the toast provider.
 */
export const renderWithProviders = (
  ui: ReactElement,
  {
    route = '/',
    path,
    preloadedState,
    store,
    userOptions,
    ...renderOptions
  }: RenderWithProvidersOptions = {},
) => {
  const theStore = store ?? makeStore(preloadedState);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <StoreProvider store={theStore}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
              <Route path="*" element={null} />
            </Routes>
          ) : (
            children
          )}
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </StoreProvider>
  );
  return {
    store: theStore,
    user: userEvent.setup(userOptions),
    ...render(ui, { wrapper: Wrapper, ...renderOptions }),
  };
};
