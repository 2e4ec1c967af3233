import { skipToken } from '@outpost/api-cache';
import { can, type Role } from '@outpost/contracts';
import { Tabs, type TabItem } from '@outpost/ui';
import { useMemo } from 'react';
import { PunishmentsPanel } from '../features/punishments/components/punishments-panel';
import { useGetReportsInfiniteQuery } from '../features/reports/api/reports.api';
import { ReportsPanel } from '../features/reports/components/reports-panel';
import { useReportStateFilter } from '../features/reports/hooks/use-report-state-filter';
import { useModerationView } from '../shared/hooks/use-moderation-view';
import type { ListOwner } from '../shared/utils/list-owner';
import { AREA_TABS, useAreaTab, type AreaTab } from './use-area-tab';

export type PunishmentsAreaProps = {
  networkId: string;
  role: Role | null | undefined;
  /** The server page's server; the network's view lists every server's. */
  serverId?: string;
  /** The address parameter that keeps the open tab (the network page's own `tab` is taken). */
  tabParam: string;
  /**
   * The tabs it offers (both by default). The network page gives each its own tab, so it shows
   * one: its panel alone, without a tab list.
   */
  offers?: readonly AreaTab[];
};

/**
 * The Punishments and (for those who work them) Reports tabs, of a server or of the whole network:
 * two features side by side, joined here because features do not import each other.
 */
export const PunishmentsArea = ({
  networkId,
  role,
  serverId,
  tabParam,
  offers = AREA_TABS,
}: PunishmentsAreaProps) => {
  const owner = useMemo<ListOwner>(
    () => (serverId ? { of: 'servers', id: serverId } : { of: 'networks', id: networkId }),
    [networkId, serverId],
  );
  const moderation = useModerationView(role);
  // Reports' Punish stays with those who may act (never the demo).
  const canModerate = moderation.shows && !moderation.readOnly;
  const canWorkReports = can(role, 'reports.work') && offers.includes('reports');
  const [reportState, setReportState] = useReportStateFilter();
  // Read on either tab: the reports' new count labels the tab.
  const reports = useGetReportsInfiniteQuery(
    canWorkReports ? { ...owner, ...(reportState && { state: reportState }) } : skipToken,
  );
  const newCount = reports.currentData?.pages[0]?.newCount ?? 0;
  const tabs: TabItem<AreaTab>[] = [
    { id: 'punishments' as const, label: 'Punishments' },
    ...(canWorkReports
      ? [{ id: 'reports' as const, label: newCount > 0 ? `Reports (${newCount})` : 'Reports' }]
      : []),
  ].filter((item) => offers.includes(item.id));
  const [tab, setTab] = useAreaTab(
    tabParam,
    tabs.map((item) => item.id),
  );

  if (tabs.length === 0) return null;
  const panel =
    tab === 'punishments' ? (
      <PunishmentsPanel
        networkId={networkId}
        owner={owner}
        canModerate={moderation.shows}
        readOnly={moderation.readOnly}
      />
    ) : (
      <ReportsPanel
        networkId={networkId}
        networkView={owner.of === 'networks'}
        state={reportState}
        onState={setReportState}
        query={reports}
        canModerate={canModerate}
        canChooseAnyone={can(role, 'members.view')}
        readOnly={moderation.readOnly}
      />
    );
  if (offers.length === 1) return panel;
  return (
    <Tabs label="Punishments and reports" tabs={tabs} value={tab} onChange={setTab}>
      {panel}
    </Tabs>
  );
};
