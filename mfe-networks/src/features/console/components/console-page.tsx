import { can } from '@outpost/contracts';
import { ServerAreaPage } from '../../../shared/components/server-area-page';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { ConsoleArea } from './console-area';

/**
 * /networks/:networkId/:serverId/console: owners, admins and moderators read the output; owners
 * and admins also run commands. The demo user (an admin of the demo network) sees the prompt
 * disabled, saying the demo is read-only.
 */
export default function ConsolePage() {
  const readOnly = useReadOnly();
  return (
    <ServerAreaPage>
      {({ server, network }) => (
        <ConsoleArea
          serverId={server.id}
          canRun={can(network.role, 'console.run')}
          readOnlyHint={readOnly ? READ_ONLY_HINT : undefined}
        />
      )}
    </ServerAreaPage>
  );
}
