// The baseline of bench/landing: the same landing code as mfe-landing, in one ordinary bundle
// (no Module Federation, no shell), so the benchmark measures what federation costs.
import '@outpost/ui/theme.css';
import { configureApiClient, makeStore, StoreProvider } from '@outpost/api-client';
import { BrowserRouter, Route, Routes } from '@outpost/router';
import { ToastProvider } from '@outpost/ui';
import { createRoot } from 'react-dom/client';
import LandingRoutes from '../../mfe-landing/src/routes';

declare const PANEL_URL: string;

configureApiClient({ baseUrl: PANEL_URL, demo: true });
createRoot(document.getElementById('root') as HTMLElement).render(
  <StoreProvider store={makeStore()}>
    <ToastProvider>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<LandingRoutes screen="landing" />} />
        </Routes>
      </BrowserRouter>
    </ToastProvider>
  </StoreProvider>,
);
