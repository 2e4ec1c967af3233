import { ErrorBoundary } from '@outpost/ui';
import { lazy, Suspense, useState, type ComponentType } from 'react';

// Only a signed-in user has the menu, and it reads the profile through the API cache: loaded on
// demand, so a visitor's first page carries neither.
const loadUserMenu = (): ComponentType =>
  lazy(() => import('./user-menu').then(({ UserMenu }) => ({ default: UserMenu })));

export const USER_MENU_RETRY_LABEL = 'Menu unavailable: retry';

/** The user menu, loaded when first shown; Retry loads it again after a failure. */
export const LazyUserMenu = () => {
  // React.lazy keeps a failed import, so each attempt gets a fresh lazy component.
  const [attempt, setAttempt] = useState(() => ({ count: 0, UserMenu: loadUserMenu() }));
  const { UserMenu } = attempt;
  const retry = () => setAttempt(({ count }) => ({ count: count + 1, UserMenu: loadUserMenu() }));
  // A menu that failed to load (a deploy changed its file, the network dropped) must not take the
  // page down with it.
  return (
    <ErrorBoundary
      key={attempt.count}
      label="The user menu"
      fallback={
        <button type="button" className="op-btn op-btn--ghost op-btn--sm" onClick={retry}>
          {USER_MENU_RETRY_LABEL}
        </button>
      }
    >
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>
    </ErrorBoundary>
  );
};
