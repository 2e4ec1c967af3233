import type { RouteDef } from '@outpost/contracts';
import { Outlet } from '@outpost/router';
import { AppHeader } from './app-header';
import { SiteFooter } from './site-footer';

/** The public pages mfe-landing owns (landing, features, footer pages) carry the site footer. */
export const hasSiteFooter = (route: RouteDef): boolean => route.owner === 'landing';

/**
 * The frame every screen renders in: the header stays usable whatever a remote does. The public
 * pages (landing, features, footer pages) also get the site footer, after the main content.
 */
export const AppLayout = ({ footer = false }: { footer?: boolean }) => (
  <div className="op-app">
    <a className="op-skip-link" href="#main">
      Skip to content
    </a>
    <AppHeader />
    <main id="main" className="op-main" tabIndex={-1}>
      <Outlet />
    </main>
    {footer && <SiteFooter />}
  </div>
);
