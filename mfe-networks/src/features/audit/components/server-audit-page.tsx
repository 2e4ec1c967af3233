import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { AuditLog } from './audit-log';

/** /networks/:networkId/:serverId/audit: the network's entries about this server (audit.view). */
export default function ServerAuditPage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => (
        <AuditLog networkId={network.id} serverId={server.id} servers={[server]} label="Server audit log" />
      )}
    </ServerAreaPage>
  );
}
