import { Outlet } from '@outpost/router';
import { AppHeader } from './app-header';

/** The frame every screen renders in: the header stays usable whatever a remote does. */
export const AppLayout = () => (
  <div className="op-app">
    <a className="op-skip-link" href="#main">
      Skip to content
    </a>
    <AppHeader />
    <main id="main" className="op-main" tabIndex={-1}>
      <Outlet />
    </main>
  </div>
);
