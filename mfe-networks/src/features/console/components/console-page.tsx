import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { ConsoleArea } from './console-area';

/** /networks/:networkId/:serverId/console: owners and admins run commands and read the output. */
export default function ConsolePage() {
  return <ServerAreaPage>{({ server }) => <ConsoleArea serverId={server.id} />}</ServerAreaPage>;
}
