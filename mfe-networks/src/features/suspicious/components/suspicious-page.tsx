import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { ServerSuspicious } from './server-suspicious';
import '../suspicious.css';

/** /networks/:networkId/:serverId/suspicious: the server's players by suspicious-activity score. */
export default function SuspiciousPage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => <ServerSuspicious key={server.id} network={network} server={server} />}
    </ServerAreaPage>
  );
}
