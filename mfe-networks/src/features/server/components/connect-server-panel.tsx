import type { Server } from '@outpost/contracts';
import { BridgeCommand } from './bridge-command';
import { RconForm } from './rcon-form';

export type ConnectServerPanelProps = { server: Server };

/** A server that never reported, for its managers: the two ways to connect it, side by side. */
export const ConnectServerPanel = ({ server }: ConnectServerPanelProps) => (
  <section className="net-connect" aria-labelledby="connect-title">
    <div>
      <h3 id="connect-title">Connect your server</h3>
      <p className="net-muted">
        Start the Rust server with WebRCON on, e.g. <code>+rcon.web 1 +rcon.port 28016 +rcon.password …</code>
        , then pick one way. No mod is needed for either.
      </p>
    </div>
    <div className="net-connect__ways">
      <section className="op-card net-connect__way" aria-labelledby="connect-rcon-title">
        <h4 id="connect-rcon-title">Let the panel connect</h4>
        <p className="net-muted">
          The panel dials the server&apos;s RCON port itself: nothing to install. The port must be reachable
          from the panel&apos;s host.
        </p>
        <RconForm serverId={server.id} />
      </section>
      <section className="op-card net-connect__way" aria-labelledby="connect-bridge-title">
        <h4 id="connect-bridge-title">Run the bridge</h4>
        <BridgeCommand server={server} />
      </section>
    </div>
  </section>
);
