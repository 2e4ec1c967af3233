import { completeSignIn, configureApiClient, makeStore } from '@outpost/api-client';
import { ROUTES, type RemoteName, type RemoteRoutesProps } from '@outpost/contracts';
import { ToastProvider } from '@outpost/ui';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

/**
 * A remote's standalone development harness (`npm run dev` in the remote's folder): its own
 * screens with the real store and router, against the API proxied by the dev server.
 */
export const mountStandalone = (remote: RemoteName, Routes: ComponentType<RemoteRoutesProps>): void => {
  configureApiClient({ demo: true });
  const store = makeStore();
  void store.dispatch(completeSignIn());
  const router = createBrowserRouter(
    ROUTES.filter((route) => route.owner === remote).map((route) => ({
      path: route.path,
      element: <Routes screen={route.screen} />,
    })),
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('The standalone page has no #root');
  createRoot(container).render(
    <Provider store={store}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
};
