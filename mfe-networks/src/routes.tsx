import { SERVER_AREAS, type RemoteRoutesProps } from '@outpost/contracts';
import { ScreenSwitch, type ScreenMap } from '@outpost/ui';
import { lazy } from 'react';
import './networks.css';
import './network-pages.css';

const ServerPage = lazy(() => import('./features/server/components/server-page'));

const screens: ScreenMap = {
  dashboard: lazy(() => import('./features/dashboard/components/dashboard-page')),
  'network-list': lazy(() => import('./features/network-list/components/network-list-page')),
  'network-dashboard': lazy(() => import('./features/network-dashboard/components/network-dashboard-page')),
  'server-home': ServerPage,
  ...Object.fromEntries(SERVER_AREAS.map((area) => [`server-${area}`, ServerPage])),
};

/** mfe-networks' screens: /dashboard, /networks, a network and its servers' areas. */
export default function NetworksRoutes({ screen }: RemoteRoutesProps) {
  return <ScreenSwitch remote="mfe-networks" screens={screens} screen={screen} />;
}
