import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { ServerMapView } from './server-map';
import '../map.css';

/** /networks/:networkId/:serverId/map: the server's live map (Premium). */
export default function MapPage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => <ServerMapView key={server.id} server={server} network={network} />}
    </ServerAreaPage>
  );
}
