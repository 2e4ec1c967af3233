import { SERVER_AREA_DEFS, SERVER_AREAS, type RemoteRoutesProps } from '@outpost/contracts';
import { ScreenSwitch, type ScreenMap } from '@outpost/ui';
import { lazy } from 'react';
import '@outpost/server-frame/server-frame.css';
import './networks.css';
import './network-pages.css';
import './logs.css';
import './audit.css';
import './alerts.css';

const UpcomingAreaPage = lazy(() => import('./shared/components/server-area-page'));
/** This remote's server areas (the registry names each area's owner); those without content say so. */
const serverAreas = Object.fromEntries(
  SERVER_AREAS.filter((area) => SERVER_AREA_DEFS[area].owner === 'networks').map((area) => [
    `server-${area}`,
    UpcomingAreaPage,
  ]),
);

const NetworkDashboardPage = lazy(
  () => import('./features/network-dashboard/components/network-dashboard-page'),
);
const NetworkLogsTab = lazy(() => import('./features/logs/components/network-logs-tab'));
const NetworkAuditTab = lazy(() => import('./features/audit/components/network-audit-tab'));
const NetworkAlertsTab = lazy(() => import('./features/alerts/components/network-alerts-tab'));
const NetworkAnalyticsTab = lazy(() => import('./features/metrics/components/network-analytics-tab'));
const NetworkAutomationTab = lazy(() => import('./features/automation/components/network-automation-tab'));
const NetworkDiscordTab = lazy(() => import('./features/discord/components/network-discord-tab'));

/** The network page with its Analytics, Logs, Audit Log, Alerts, Automation and Discord tabs: features do not import each other, so the routes join them. */
const NetworkDashboardScreen = () => (
  <NetworkDashboardPage
    analyticsTab={NetworkAnalyticsTab}
    logsTab={NetworkLogsTab}
    auditTab={NetworkAuditTab}
    alertsTab={NetworkAlertsTab}
    automationTab={NetworkAutomationTab}
    discordTab={NetworkDiscordTab}
  />
);

const screens: ScreenMap = {
  dashboard: lazy(() => import('./features/dashboard/components/dashboard-page')),
  'network-list': lazy(() => import('./features/network-list/components/network-list-page')),
  'network-dashboard': NetworkDashboardScreen,
  ...serverAreas,
  'server-home': lazy(() => import('./features/server/components/server-page')),
  'server-console': lazy(() => import('./features/console/components/console-page')),
  'server-logs': lazy(() => import('./features/logs/components/server-logs-page')),
  'server-members': lazy(() => import('./features/members/components/server-members-page')),
  'server-audit': lazy(() => import('./features/audit/components/server-audit-page')),
  'server-metrics': lazy(() => import('./features/metrics/components/metrics-page')),
  'server-alerts': lazy(() => import('./features/alerts/components/server-alerts-page')),
  'server-map': lazy(() => import('./features/map/components/map-page')),
  'server-suspicious': lazy(() => import('./features/suspicious/components/suspicious-page')),
};

/** mfe-networks' screens: /dashboard, /networks, a network and its servers' areas. */
export default function NetworksRoutes({ screen }: RemoteRoutesProps) {
  return <ScreenSwitch remote="mfe-networks" screens={screens} screen={screen} />;
}
