import { can } from '@outpost/contracts';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { ConsoleArea } from './console-area';

/**
 * /networks/:networkId/:serverId/console: owners, admins and moderators read the output; owners
 * and admins also run commands.
 */
export default function ConsolePage() {
  return (
    <ServerAreaPage>
      {({ server, network }) => (
        <ConsoleArea serverId={server.id} canRun={can(network.role, 'console.run')} />
      )}
    </ServerAreaPage>
  );
}
