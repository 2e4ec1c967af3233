// The baseline of bench/landing: the same landing code as mfe-landing, in one ordinary bundle
// (no Module Federation, no shell), so the benchmark measures what federation costs.
import '@outpost/ui/theme.css';
import { configureApiClient, makeStore } from '@outpost/api-client';
import { ToastProvider } from '@outpost/ui';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import LandingRoutes from '../../mfe-landing/src/routes';

declare const PANEL_URL: string;

configureApiClient({ baseUrl: PANEL_URL, demo: true });
const router = createBrowserRouter([{ path: '/', element: <LandingRoutes screen="landing" /> }]);
createRoot(document.getElementById('root') as HTMLElement).render(
  <Provider store={makeStore()}>
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>
  </Provider>,
);
