import { configureApiClient, makeStore, StoreProvider } from '@outpost/api-client';
import { RemoteSlotProvider, ToastProvider } from '@outpost/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@outpost/router';
import { checkCurrentUser, keepJwtFresh } from './app/auth/auth-session';
import { AppRoutes } from './app/router/routes';
import { loadClientConfig } from './remotes/client-config';
import { bootRemotes } from './remotes/federation';
import { LazyRemoteSlot } from './remotes/lazy-remote-slot';

const start = async () => {
  const [clientConfig] = await Promise.all([
    loadClientConfig(),
    // Started (and its failure logged) by main.ts; without the remotes every remote screen shows
    // its contained error while the shell keeps working. The page's own remote is awaited, briefly,
    // so the first paint shows the page rather than a spinner.
    bootRemotes(window.location.pathname).catch(() => undefined),
  ]);
  configureApiClient(clientConfig);
  // The API cache (@outpost/api-cache) joins this store when the first screen that reads it loads.
  const store = makeStore();
  void checkCurrentUser(store);
  keepJwtFresh(store);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <StoreProvider store={store}>
        <ToastProvider>
          <RemoteSlotProvider value={LazyRemoteSlot}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </RemoteSlotProvider>
        </ToastProvider>
      </StoreProvider>
    </StrictMode>,
  );
};

void start();
