import type { ConnectionVia, Server } from '@outpost/contracts';
import { usePanelUrl } from '../hooks/use-panel-url';

type BanCheckCardProps = {
  server: Pick<Server, 'banCheckPath'>;
  /** How the server is connected (the connection view's `via`), or null while nothing connects it. */
  via: ConnectionVia | null;
};

/**
 * What the line gives beyond the way the server is connected. The ban itself goes to the game the
 * way the server is connected (banid through the panel's RCON, the bridge or the plugin); the game
 * asking this address at every join is what holds while that way is down.
 */
export const BAN_CHECK_HOLDS: Readonly<Record<ConnectionVia | 'none', string>> = {
  panel:
    'The panel also sends each ban to the game over RCON; this line makes a ban hold while the panel cannot ' +
    'reach the server over RCON, or before the ban has reached it. Unlike RCON, this call goes from the ' +
    'game server to the panel: the server must be able to reach the address below.',
  bridge:
    'The bridge also sends each ban to the game over RCON; this line makes a ban hold while the bridge is ' +
    'down, or before the ban has reached it.',
  plugin:
    'The plugin also applies each ban in the game; this line makes a ban hold while the plugin is down, or ' +
    'before the ban has reached it.',
  none: 'Whichever way the server is connected, this line makes the network’s bans hold while that way is down.',
};

/** Where the game server asks whether a player is banned, so bans hold even while the panel cannot reach it. */
export const BanCheckCard = ({ server, via }: BanCheckCardProps) => {
  const panelUrl = usePanelUrl();
  if (!server.banCheckPath) return null;
  const url = `${panelUrl}${server.banCheckPath}`;
  return (
    <section className="op-card net-ban-check" aria-labelledby="ban-check-title">
      <h3 id="ban-check-title">Ban check</h3>
      <p className="net-muted">
        Add this line to the game server&apos;s config: when a player joins, the game asks this panel whether
        a ban of the network holds for them, and refuses them if one does.
      </p>
      <p className="net-muted">{BAN_CHECK_HOLDS[via ?? 'none']}</p>
      <output className="net-mono" aria-labelledby="ban-check-title">
        server.bansServerEndpoint &quot;{url}&quot;
      </output>
      <p className="net-muted">It holds no token; rotating the server token changes it.</p>
    </section>
  );
};
