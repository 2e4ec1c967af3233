import { ServerFrameScreen } from '@outpost/server-frame';
import { useServerFrameQueries } from '../shared/hooks/use-server-frame-queries';
import { PunishmentsArea } from './punishments-area';

/** /networks/:networkId/:serverId/punishments, inside the server's frame. */
export default function ServerPunishmentsPage() {
  const { networkId, serverId, frame } = useServerFrameQueries();
  return (
    <ServerFrameScreen {...frame} area="punishments">
      {({ network: { role } }) => (
        <PunishmentsArea networkId={networkId} role={role} serverId={serverId} tabParam="tab" />
      )}
    </ServerFrameScreen>
  );
}
