import { ServerFrameScreen, useServerArea } from '@outpost/server-frame';
import { useServerFrameQueries } from '../../../shared/hooks/use-server-frame-queries';

/** A player or moderation area of a server (suspicious activity, ...) with no content yet. */
export default function UpcomingAreaPage() {
  const { frame } = useServerFrameQueries();
  return <ServerFrameScreen {...frame} area={useServerArea()} />;
}
