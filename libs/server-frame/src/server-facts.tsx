import type { Server } from '@outpost/contracts';
import { formatUptime } from '@outpost/format';
import { cx } from '@outpost/ui';

export type ServerFactsProps = { server: Server; row?: boolean };

/** Address, players/max, map and uptime: on a server card and in the server page's header. */
export const ServerFacts = ({ server, row = false }: ServerFactsProps) => (
  <dl className={cx('sf-facts', row && 'sf-facts--row')}>
    <div className="sf-facts__address">
      <dt>Address</dt>
      <dd className="sf-mono">{server.connectionAddress || server.address || 'Not reported yet'}</dd>
    </div>
    <div>
      <dt>Players</dt>
      <dd>{server.lastSeenAt === null ? '—' : `${server.playerCount}/${server.maxPlayers}`}</dd>
    </div>
    <div>
      <dt>Map</dt>
      <dd>{server.map ?? 'Unknown'}</dd>
    </div>
    <div>
      <dt>Uptime</dt>
      <dd>{server.status === 'online' ? formatUptime(server.uptime) : '—'}</dd>
    </div>
  </dl>
);
