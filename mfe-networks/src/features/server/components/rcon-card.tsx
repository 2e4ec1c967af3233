import { useRconStatus } from '../hooks/use-rcon-status';
import { RconForm } from './rcon-form';

export type RconCardProps = { serverId: string };

/** On a server that reports: its RCON connection's state, when the panel has one. */
export const RconCard = ({ serverId }: RconCardProps) => {
  const { saved } = useRconStatus(serverId);
  if (!saved) return null;
  return (
    <section className="op-card net-ban-check" aria-labelledby="rcon-title">
      <h3 id="rcon-title">RCON connection</h3>
      <RconForm serverId={serverId} />
    </section>
  );
};
