import { useGetNetworkServersQuery } from '@outpost/api-cache';
import type { Network, Server } from '@outpost/contracts';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { AlertsPanel } from './alerts-panel';

const ServerAlerts = ({ network, server }: { network: Network; server: Server }) => {
  // The rule form offers every server of the network; this one until the list is read.
  const { data: servers = [server] } = useGetNetworkServersQuery(network.id);
  // The frame names the area (its h2); the panel's sections follow as h3.
  return <AlertsPanel network={network} servers={servers} serverId={server.id} />;
};

/** /networks/:networkId/:serverId/alerts: the rules that apply to this server, the channels, its alerts. */
export default function ServerAlertsPage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => <ServerAlerts network={network} server={server} />}
    </ServerAreaPage>
  );
}
