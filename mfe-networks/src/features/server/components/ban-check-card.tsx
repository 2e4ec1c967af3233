import type { Server } from '@outpost/contracts';
import { usePanelUrl } from '../hooks/use-panel-url';

type BanCheckCardProps = { server: Pick<Server, 'banCheckPath'> };

/** Where the game server asks whether a player is banned, so bans hold even while the panel cannot reach it. */
export const BanCheckCard = ({ server }: BanCheckCardProps) => {
  const panelUrl = usePanelUrl();
  if (!server.banCheckPath) return null;
  const url = `${panelUrl}${server.banCheckPath}`;
  return (
    <section className="op-card net-ban-check" aria-labelledby="ban-check-title">
      <h3 id="ban-check-title">Ban check</h3>
      <p className="net-muted">
        Set this in the server&apos;s config so the network&apos;s bans hold even when the bridge is down. It
        holds no token; rotating the token changes it.
      </p>
      <output className="net-mono" aria-labelledby="ban-check-title">
        server.bansServerEndpoint &quot;{url}&quot;
      </output>
    </section>
  );
};
