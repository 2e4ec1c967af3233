import { useGetNetworkServersQuery } from '@outpost/api-cache';
import type { ServerFrameContext } from '@outpost/server-frame';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { AuditLog } from './audit-log';

/** The log of one server; its entries may name the network's other servers (a ban's unbans). */
const ServerAuditLog = ({ network, server }: ServerFrameContext) => {
  const { data: servers } = useGetNetworkServersQuery(network.id);
  return <AuditLog networkId={network.id} serverId={server.id} servers={servers} label="Server audit log" />;
};

/** /networks/:networkId/:serverId/audit: the network's entries about this server (audit.view). */
export default function ServerAuditPage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => <ServerAuditLog network={network} server={server} />}
    </ServerAreaPage>
  );
}
