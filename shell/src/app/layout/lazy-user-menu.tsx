import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

// Only a signed-in user has the menu, and it reads the profile through the API cache: loaded on
// demand, so a visitor's first page carries neither.
const loadUserMenu = (): ComponentType =>
  lazy(() => import('./user-menu').then(({ UserMenu }) => ({ default: UserMenu })));

export const USER_MENU_RETRY_LABEL = 'Menu unavailable: retry';

type BoundaryProps = { onRetry: () => void; children: ReactNode };

/** A menu that failed to load (a deploy changed its file, the network dropped) must not take the page down. */
class UserMenuBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error('The user menu could not be loaded', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <button type="button" className="op-btn op-btn--ghost op-btn--sm" onClick={this.props.onRetry}>
        {USER_MENU_RETRY_LABEL}
      </button>
    );
  }
}

/** The user menu, loaded when first shown; Retry loads it again after a failure. */
export const LazyUserMenu = () => {
  // React.lazy keeps a failed import, so each attempt gets a fresh lazy component.
  const [attempt, setAttempt] = useState(() => ({ count: 0, UserMenu: loadUserMenu() }));
  const { UserMenu } = attempt;
  return (
    <UserMenuBoundary
      key={attempt.count}
      onRetry={() => setAttempt(({ count }) => ({ count: count + 1, UserMenu: loadUserMenu() }))}
    >
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>
    </UserMenuBoundary>
  );
};
