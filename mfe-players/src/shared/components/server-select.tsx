import type { Server } from '@outpost/contracts';
import { SelectField } from '@outpost/ui';

export type ServerSelectProps = {
  servers: readonly Server[];
  value: string;
  onChange: (serverId: string) => void;
  /** Adds a first option with the value '' (e.g. "All servers"). */
  anyLabel?: string;
};

/** A labelled choice of one of the network's servers. */
export const ServerSelect = ({ servers, value, onChange, anyLabel }: ServerSelectProps) => (
  <SelectField
    label="Server"
    value={value}
    options={[
      ...(anyLabel !== undefined ? [{ value: '', label: anyLabel }] : []),
      ...servers.map((server) => ({ value: server.id, label: server.name })),
    ]}
    onChange={onChange}
  />
);
