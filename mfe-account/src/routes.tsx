import type { RemoteRoutesProps } from '@outpost/contracts';
import { ScreenSwitch, type ScreenMap } from '@outpost/ui';
import { lazy } from 'react';
import './account.css';

const screens: ScreenMap = {
  login: lazy(() => import('./features/login/components/login-page')),
  'magic-link': lazy(() => import('./features/login/components/magic-link-page')),
  'oauth-success': lazy(() => import('./features/login/components/oauth-success-page')),
  'oauth-failure': lazy(() => import('./features/login/components/oauth-failure-page')),
  'setup-username': lazy(() => import('./features/username/components/setup-username-page')),
  profile: lazy(() => import('./features/profile/components/profile-page')),
  plan: lazy(() => import('./features/plan/components/plan-page')),
};

/** mfe-account's screens: /login, /auth/*, /profile and /plan. */
export default function AccountRoutes({ screen }: RemoteRoutesProps) {
  return <ScreenSwitch remote="mfe-account" screens={screens} screen={screen} />;
}
