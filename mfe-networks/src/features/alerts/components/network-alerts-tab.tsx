import { useGetNetworkQuery, useGetNetworkServersQuery } from '@outpost/api-cache';
import { Spinner } from '@outpost/ui';
import { AlertsPanel } from './alerts-panel';

export type NetworkAlertsTabProps = { networkId: string };

/** The network page's Alerts tab: every rule, channel and alert of the network, filtered by server and state. */
export const NetworkAlertsTab = ({ networkId }: NetworkAlertsTabProps) => {
  // Both are already read by the network page: these answer from the cache.
  const { data: network } = useGetNetworkQuery(networkId);
  const { data: servers = [] } = useGetNetworkServersQuery(networkId);
  if (!network) return <Spinner label="Loading alerts…" showLabel />;
  return (
    <div className="net-tab">
      <h2>Alerts</h2>
      <AlertsPanel network={network} servers={servers} />
    </div>
  );
};

export default NetworkAlertsTab;
