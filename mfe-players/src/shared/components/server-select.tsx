import type { Server } from '@outpost/contracts';
import { useId } from 'react';

export type ServerSelectProps = {
  servers: readonly Server[];
  value: string;
  onChange: (serverId: string) => void;
  /** Adds a first option with the value '' (e.g. "All servers"). */
  anyLabel?: string;
};

/** A labelled choice of one of the network's servers. */
export const ServerSelect = ({ servers, value, onChange, anyLabel }: ServerSelectProps) => {
  const id = useId();
  return (
    <div className="op-field">
      <label className="op-field__label" htmlFor={id}>
        Server
      </label>
      <select id={id} className="op-input" value={value} onChange={(event) => onChange(event.target.value)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {servers.map((server) => (
          <option key={server.id} value={server.id}>
            {server.name}
          </option>
        ))}
      </select>
    </div>
  );
};
