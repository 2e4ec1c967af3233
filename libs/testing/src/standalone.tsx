import { completeSignIn, configureApiClient, makeStore, StoreProvider } from '@outpost/api-client';
import { ROUTES, type RemoteName, type RemoteRoutesProps } from '@outpost/contracts';
import { BrowserRouter, Route, Routes } from '@outpost/router';
import { ToastProvider } from '@outpost/ui';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * A remote's standalone development harness (`npm run dev` in the remote's folder): its own
 * screens with the real store and router, against the API proxied by the dev server.
 */
export const mountStandalone = (remote: RemoteName, RemoteRoutes: ComponentType<RemoteRoutesProps>): void => {
  configureApiClient({ demo: true });
  const store = makeStore();
  void store.dispatch(completeSignIn());
  const container = document.getElementById('root');
  if (!container) throw new Error('The standalone page has no #root');
  createRoot(container).render(
    <StoreProvider store={store}>
      <ToastProvider>
        <BrowserRouter>
          <Routes>
            {ROUTES.filter((route) => route.owner === remote).map((route) => (
              <Route key={route.path} path={route.path} element={<RemoteRoutes screen={route.screen} />} />
            ))}
          </Routes>
        </BrowserRouter>
      </ToastProvider>
    </StoreProvider>,
  );
};
