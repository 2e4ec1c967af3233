import { selectCurrentUser, selectIsSignedIn, useAppSelector, useLiveStream } from '@outpost/api-client';
import { routeFor, type RouteDef } from '@outpost/contracts';
import { Outlet, useLocation } from '@outpost/router';
import { AppHeader } from './app-header';
import { SiteFooter } from './site-footer';

/** The public pages mfe-landing owns (landing, features, footer pages) carry the site footer. */
export const hasSiteFooter = (route: RouteDef | undefined): boolean => route?.owner === 'landing';

/**
 * The frame every screen renders in: the header stays usable whatever a remote does, and the live
 * stream stays open across screens. The public
 * pages (landing, features, footer pages) also get the site footer, after the main content.
 */
export const AppLayout = () => {
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const userId = useAppSelector(selectCurrentUser)?.$id ?? null;
  // The tab's one live stream, while someone is signed in (DESIGN section 5b).
  useLiveStream(signedIn ? userId : null);
  return (
    <div className="op-app">
      <a className="op-skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <main id="main" className="op-main" tabIndex={-1}>
        <Outlet />
      </main>
      {hasSiteFooter(routeFor(pathname)) && <SiteFooter />}
    </div>
  );
};
