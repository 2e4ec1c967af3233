import type { RouteAccess } from '@outpost/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@outpost/router';
import { decideRoute } from '../auth/route-guard';
import { useGuardAuth } from '../auth/use-guard-auth';
import { PageSpinner } from '../layout/page-spinner';

type GuardedRouteProps = { access: RouteAccess; children: ReactNode };

export const GuardedRoute = ({ access, children }: GuardedRouteProps) => {
  const { pathname } = useLocation();
  const decision = decideRoute(access, pathname, useGuardAuth());
  if (decision.kind === 'wait') return <PageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
};
