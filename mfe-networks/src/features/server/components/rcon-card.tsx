import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { useRconStatus } from '../hooks/use-rcon-status';
import { RconForm } from './rcon-form';

export type RconCardProps = {
  serverId: string;
  /** The demo: the connection shows, its fields and buttons disabled, saying the demo is read-only. */
  readOnly?: boolean;
};

/** On a server that reports: its RCON connection's state, when the panel has one. */
export const RconCard = ({ serverId, readOnly = false }: RconCardProps) => {
  const { saved } = useRconStatus(serverId);
  if (!saved) return null;
  return (
    <section className="op-card net-ban-check" aria-labelledby="rcon-title">
      <h3 id="rcon-title">RCON connection</h3>
      {readOnly && <p className="net-muted">{READ_ONLY_HINT}: its RCON connection is shown, not changed.</p>}
      <RconForm serverId={serverId} readOnly={readOnly} />
    </section>
  );
};
