import { ROUTES, type RouteDef } from '@outpost/contracts';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RemoteScreen } from '../../remotes/remote-screen';
import { AppLayout } from '../layout/app-layout';
import { ServerErrorPage, ShellCrashPage, UnauthorizedPage } from '../pages/error-pages';
import { NotFoundPage } from '../pages/not-found-page';
import { GuardedRoute } from './guarded-route';

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
    errorElement: <ShellCrashPage />,
    children: [
      ...ROUTES.map((route) => ({
        path: route.path,
        element: <GuardedRoute access={route.access}>{screenFor(route)}</GuardedRoute>,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
