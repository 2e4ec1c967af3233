import type { PlayersTabProps } from '@outpost/contracts';
import { PlayerBrowser } from './player-browser';

/** The network dashboard's Players tab: mfe-networks passes the network and the viewer's role. */
export const PlayersTab = ({ networkId, role }: PlayersTabProps) => (
  <section className="pl-tab" aria-labelledby="players-tab-title">
    <h2 id="players-tab-title">Players</h2>
    <PlayerBrowser networkId={networkId} role={role} />
  </section>
);
