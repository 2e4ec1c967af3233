import { selectIsSignedIn, useAppSelector } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { Link, NavLink, useLocation } from '@outpost/router';
import { LazyAlertBell } from '../alerts/lazy-alert-bell';
import { LazyUserMenu } from './lazy-user-menu';
import { LiveIndicator } from './live-indicator';

export const AppHeader = () => {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { pathname } = useLocation();
  return (
    <header className="op-header">
      <Link to={paths.landing()} className="op-brand" aria-label="Outpost home">
        <span className="op-brand__mark" aria-hidden="true">
          ◆
        </span>
        Outpost
      </Link>
      <nav className="op-header__nav" aria-label="Main">
        {signedIn && (
          <>
            <NavLink to={paths.dashboard()}>Dashboard</NavLink>
            <NavLink to={paths.networks()} end={false}>
              Networks
            </NavLink>
          </>
        )}
        {/* The landing page's sections: for every visitor of the page, and from a public page back to it. */}
        {(!signedIn || pathname === paths.landing()) && (
          <>
            <a href={paths.landingSection('features')}>Features</a>
            <a href={paths.landingSection('pricing')}>Pricing</a>
            <a href={paths.landingSection('demo')}>Demo</a>
          </>
        )}
      </nav>
      <div className="op-header__actions">
        {signedIn && <LiveIndicator />}
        {signedIn && <LazyAlertBell />}
        {signedIn ? (
          <LazyUserMenu />
        ) : (
          <Link className="op-btn op-btn--primary op-btn--sm" to={paths.login()}>
            Sign In
          </Link>
        )}
      </div>
    </header>
  );
};
