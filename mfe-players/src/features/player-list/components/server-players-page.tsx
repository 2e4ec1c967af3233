import { ServerFrameScreen } from '@outpost/server-frame';
import { useServerFrameQueries } from '../../../shared/hooks/use-server-frame-queries';
import { PlayerBrowser } from './player-browser';

/** /networks/:networkId/:serverId/players, inside the server's frame. */
export default function ServerPlayersPage() {
  const { networkId, serverId, frame } = useServerFrameQueries();
  return (
    <ServerFrameScreen {...frame} area="players">
      {({ network: { role } }) => <PlayerBrowser networkId={networkId} role={role} serverId={serverId} />}
    </ServerFrameScreen>
  );
}
