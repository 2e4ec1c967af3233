import type { NetworkServerUptime } from '@outpost/contracts';
import { ServerStatusBadge } from '@outpost/server-frame';
import { Button } from '@outpost/ui';
import { Fragment, useState } from 'react';
import { formatUptimePercent, uptimeSpanNote } from '../utils/durations';
import { OutageList } from './outage-list';

export type ServerUptimeTableProps = {
  servers: readonly NetworkServerUptime[];
  /** The range's bounds (ISO): a server newer than the range says over what its uptime is. */
  from: string;
  to: string;
};

/** Each server's uptime over the range and its outages, listed on demand under its row. */
export const ServerUptimeTable = ({ servers, from, to }: ServerUptimeTableProps) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (serverId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(serverId)) next.add(serverId);
      return next;
    });
  return (
    <table className="met-uptime-table" aria-label="Uptime per server">
      <thead>
        <tr>
          <th scope="col">Server</th>
          <th scope="col">Status</th>
          <th scope="col">Uptime</th>
          <th scope="col">Outages</th>
        </tr>
      </thead>
      <tbody>
        {servers.map((server) => {
          const shown = open.has(server.serverId);
          const listId = `met-outages-${server.serverId}`;
          const note = uptimeSpanNote({ from, to, uptimeSince: server.uptimeSince });
          return (
            <Fragment key={server.serverId}>
              <tr>
                <th scope="row">{server.name}</th>
                <td>
                  <ServerStatusBadge status={server.status} />
                </td>
                <td>
                  {formatUptimePercent(server.uptimePercent)}
                  {note && <span className="met-uptime-table__span"> {note}</span>}
                </td>
                <td>
                  <span className="met-uptime-table__count">{server.outages.length}</span>
                  {server.outages.length > 0 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={shown}
                      aria-controls={listId}
                      onClick={() => toggle(server.serverId)}
                    >
                      {shown ? 'Hide' : 'Show'}
                      <span className="op-sr-only"> outages of {server.name}</span>
                    </Button>
                  )}
                </td>
              </tr>
              {shown && (
                <tr id={listId} className="met-uptime-table__outages">
                  <td colSpan={4}>
                    <OutageList outages={server.outages} label={`Outages of ${server.name}`} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
};
