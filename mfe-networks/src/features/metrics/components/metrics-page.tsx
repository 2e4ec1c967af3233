import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { ServerMetrics } from './server-metrics';
import '../metrics.css';

/** /networks/:networkId/:serverId/metrics: the server's history over a range, uptime and outages. */
export default function MetricsPage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => <ServerMetrics key={server.id} server={server} network={network} />}
    </ServerAreaPage>
  );
}
