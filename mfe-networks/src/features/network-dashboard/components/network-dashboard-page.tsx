import {
  can,
  paths,
  PLAYERS_TAB_MODULE,
  PUNISHMENTS_TAB_MODULE,
  REPORTS_TAB_MODULE,
  type Network,
  type Role,
} from '@outpost/contracts';
import { Button, ErrorState, RemoteSlot, Spinner, Tabs, type TabItem } from '@outpost/ui';
import { Suspense, useState, type ComponentType } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@outpost/router';
import { useGetNetworkQuery } from '@outpost/api-cache';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage, errorStatus } from '../../../shared/utils/error-message';
import { gradientStyle } from '../../../shared/utils/gradient';
import { AddServerDialog } from './add-server-dialog';
import { InviteMembersDialog } from './invite-members-dialog';
import { MembersTab } from './members-tab';
import { NewReportsLink } from './new-reports-link';
import { ServersTab } from './servers-tab';
import { SettingsTab } from './settings-tab';

export const NETWORK_TABS = [
  'servers',
  'analytics',
  'players',
  'punishments',
  'reports',
  'logs',
  'audit',
  'alerts',
  'automation',
  'members',
  'settings',
  'discord',
] as const;
export type NetworkTab = (typeof NETWORK_TABS)[number];

/** The tabs mfe-players shows, through the shell's slot: the exposed module of each. */
const SLOT_TABS = {
  players: PLAYERS_TAB_MODULE,
  punishments: PUNISHMENTS_TAB_MODULE,
  reports: REPORTS_TAB_MODULE,
} as const;
const slotTab = (tab: NetworkTab): tab is keyof typeof SLOT_TABS => tab in SLOT_TABS;

/** The tabs whose content other features give the page (the remote's routes join them). */
export type JoinedTabs = Partial<Record<'logs' | 'audit' | 'alerts' | 'automation' | 'discord', boolean>>;

/**
 * Spec section 2: Members for owner or admin, Settings for the owner only. Punishments for every
 * member, Reports (the network's F7 inbox) for those who work reports. Logs (every member
 * reads them), Audit Log (audit.view), Alerts (every member reads the history) and Automation
 * (automation.view) when the page is given their content; Discord for owner and admin
 * (discord.manage), beside Settings.
 */
export const visibleTabs = (role: Role, joined: JoinedTabs = {}): TabItem<NetworkTab>[] => [
  { id: 'servers', label: 'Servers' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'players', label: 'Players' },
  { id: 'punishments', label: 'Punishments' },
  ...(can(role, 'reports.work') ? [{ id: 'reports' as const, label: 'Reports' }] : []),
  ...(joined.logs ? [{ id: 'logs' as const, label: 'Logs' }] : []),
  ...(joined.audit && can(role, 'audit.view') ? [{ id: 'audit' as const, label: 'Audit Log' }] : []),
  ...(joined.alerts ? [{ id: 'alerts' as const, label: 'Alerts' }] : []),
  ...(joined.automation && can(role, 'automation.view')
    ? [{ id: 'automation' as const, label: 'Automation' }]
    : []),
  ...(can(role, 'members.view') ? [{ id: 'members' as const, label: 'Members' }] : []),
  ...(can(role, 'network.settings') ? [{ id: 'settings' as const, label: 'Settings' }] : []),
  ...(joined.discord && can(role, 'discord.manage') ? [{ id: 'discord' as const, label: 'Discord' }] : []),
];

const BackLink = () => (
  <Link className="op-btn op-btn--secondary op-btn--md" to={paths.networks()}>
    Back to Networks
  </Link>
);

/** The Logs tab's content: the logs feature's, joined to this page by the remote's routes. */
export type NetworkLogsTabComponent = ComponentType<{ networkId: string }>;

export type NetworkDashboardPageProps = {
  logsTab?: NetworkLogsTabComponent;
  /** The Audit Log tab's content (the audit feature's), joined the same way. */
  auditTab?: NetworkLogsTabComponent;
  /** The Alerts tab's content (the alerts feature's), joined the same way. */
  alertsTab?: NetworkLogsTabComponent;
  /** The Analytics tab's content (the metrics feature's, with its charts), joined the same way. */
  analyticsTab?: NetworkLogsTabComponent;
  /** The Automation tab's content (the automation feature's), joined the same way. */
  automationTab?: NetworkLogsTabComponent;
  /** The Discord tab's content (the discord feature's), joined the same way. */
  discordTab?: NetworkLogsTabComponent;
};

/** /networks/:networkId */
export default function NetworkDashboardPage(props: NetworkDashboardPageProps) {
  const { networkId = '' } = useParams();
  const { data: network, error, isLoading, refetch } = useGetNetworkQuery(networkId, { skip: !networkId });

  if (isLoading) return <Spinner label="Loading network…" showLabel size="lg" />;
  if (error || !network) {
    const notFound = errorStatus(error) === 404;
    return (
      <section className="net-page">
        <ErrorState
          title={notFound ? 'Network not found' : 'Failed to load network'}
          message={notFound ? 'It may have been deleted, or you are not a member.' : errorMessage(error, '')}
          onRetry={notFound ? undefined : () => void refetch()}
          action={<BackLink />}
        />
      </section>
    );
  }
  return <NetworkDashboard network={network} {...props} />;
}

type NetworkDashboardProps = { network: Network } & NetworkDashboardPageProps;

const NetworkDashboard = ({
  network,
  logsTab: LogsTab,
  auditTab: AuditTab,
  alertsTab: AlertsTab,
  analyticsTab: AnalyticsTab,
  automationTab: AutomationTab,
  discordTab: DiscordTab,
}: NetworkDashboardProps) => {
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<'add-server' | 'invite' | null>(null);
  const navigate = useNavigate();
  const readOnly = useReadOnly();
  const tabs = visibleTabs(network.role, {
    logs: LogsTab !== undefined,
    audit: AuditTab !== undefined,
    alerts: AlertsTab !== undefined,
    automation: AutomationTab !== undefined,
    discord: DiscordTab !== undefined,
  });
  // The inbox's address before it had a tab of its own (?tab=punishments&view=reports) opens it.
  const requested =
    params.get('tab') === 'punishments' && params.get('view') === 'reports' ? 'reports' : params.get('tab');
  // If the role drops below what the tab needs, the view falls back to Servers.
  const tab = tabs.find((item) => item.id === requested)?.id ?? 'servers';
  const selectTab = (next: NetworkTab) =>
    setParams(next === 'servers' ? {} : { tab: next }, { replace: true });
  // The demo user is an admin of the demo network: it sees the staff's buttons, disabled.
  const staff = can(network.role, 'servers.manage');
  const readOnlyTitle = readOnly ? READ_ONLY_HINT : undefined;

  return (
    <section className="net-page" aria-labelledby="network-title">
      <div className="net-hero" style={gradientStyle(network.gradient)}>
        <Link className="net-back" to={paths.networks()}>
          ← Back to Networks
        </Link>
        <div className="net-hero__row">
          <div>
            <h1 id="network-title">{network.name}</h1>
            <p>{network.description}</p>
            {can(network.role, 'reports.work') && <NewReportsLink networkId={network.id} />}
          </div>
          {staff && (
            <div className="net-page__actions">
              <Button onClick={() => setDialog('add-server')} disabled={readOnly} title={readOnlyTitle}>
                Add Server
              </Button>
              <Button
                variant="secondary"
                onClick={() => setDialog('invite')}
                disabled={readOnly}
                title={readOnlyTitle}
              >
                Invite
              </Button>
            </div>
          )}
        </div>
      </div>
      <Tabs label="Network sections" tabs={tabs} value={tab} onChange={selectTab}>
        {tab === 'servers' && <ServersTab network={network} onAddServer={() => setDialog('add-server')} />}
        {tab === 'analytics' && AnalyticsTab && (
          <Suspense fallback={<Spinner label="Loading analytics…" showLabel />}>
            <AnalyticsTab networkId={network.id} />
          </Suspense>
        )}
        {slotTab(tab) && (
          <RemoteSlot
            key={tab}
            remote="players"
            exposed={SLOT_TABS[tab]}
            section={tab}
            props={{ networkId: network.id, role: network.role }}
          />
        )}
        {tab === 'logs' && LogsTab && (
          <Suspense fallback={<Spinner label="Loading logs…" showLabel />}>
            <LogsTab networkId={network.id} />
          </Suspense>
        )}
        {tab === 'audit' && AuditTab && (
          <Suspense fallback={<Spinner label="Loading audit log…" showLabel />}>
            <AuditTab networkId={network.id} />
          </Suspense>
        )}
        {tab === 'alerts' && AlertsTab && (
          <Suspense fallback={<Spinner label="Loading alerts…" showLabel />}>
            <AlertsTab networkId={network.id} />
          </Suspense>
        )}
        {tab === 'automation' && AutomationTab && (
          <Suspense fallback={<Spinner label="Loading automation…" showLabel />}>
            <AutomationTab networkId={network.id} />
          </Suspense>
        )}
        {tab === 'members' && <MembersTab network={network} onInvite={() => setDialog('invite')} />}
        {tab === 'settings' && (
          <SettingsTab network={network} onDeleted={() => navigate(paths.networks(), { replace: true })} />
        )}
        {tab === 'discord' && DiscordTab && (
          <Suspense fallback={<Spinner label="Loading Discord…" showLabel />}>
            <DiscordTab networkId={network.id} />
          </Suspense>
        )}
      </Tabs>
      <AddServerDialog
        networkId={network.id}
        open={dialog === 'add-server'}
        onClose={() => setDialog(null)}
      />
      <InviteMembersDialog
        networkId={network.id}
        open={dialog === 'invite'}
        onClose={() => setDialog(null)}
      />
    </section>
  );
};
