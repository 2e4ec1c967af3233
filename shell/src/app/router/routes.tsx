import { ROUTES, type RouteDef } from '@outpost/contracts';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from '@outpost/router';
import { RemoteScreen } from '../../remotes/remote-screen';
import { checkForNewerRemotes } from '../../remotes/remote-updates';
import { AppLayout } from '../layout/app-layout';
import { ServerErrorPage, UnauthorizedPage } from '../pages/error-pages';
import { NotFoundPage } from '../pages/not-found-page';
import { GuardedRoute } from './guarded-route';
import { ShellErrorBoundary } from './shell-error-boundary';

const shellScreens: Record<string, () => ReactNode> = {
  'error-unauthorized': () => <UnauthorizedPage />,
  'error-server': () => <ServerErrorPage />,
};

const screenFor = (route: RouteDef): ReactNode => {
  if (route.owner !== 'shell')
    return <RemoteScreen key={route.screen} owner={route.owner} screen={route.screen} />;
  const render = shellScreens[route.screen];
  if (!render) throw new Error(`The shell has no screen ${route.screen}`);
  return render();
};

/** The whole route table of the product, each path mounted on the remote that owns it. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...ROUTES.map((route) => ({
        path: route.path,
        element: <GuardedRoute access={route.access}>{screenFor(route)}</GuardedRoute>,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Renders the route table at the current address, inside the shell's last-resort boundary. */
export const AppRoutes = () => {
  const { pathname } = useLocation();
  // Each navigation may ask whether a remote was switched meanwhile (at most once a minute).
  useEffect(() => void checkForNewerRemotes(), [pathname]);
  return <ShellErrorBoundary pathname={pathname}>{useRoutes(appRoutes)}</ShellErrorBoundary>;
};
