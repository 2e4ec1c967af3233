import {
  can,
  paths,
  type ConnectionState,
  ROLES,
  SERVER_AREA_DEFS,
  SERVER_AREAS,
  type Role,
  type Server,
  type ServerArea,
} from '@outpost/contracts';
import { Link, NavLink } from '@outpost/router';
import { EmptyState } from '@outpost/ui';
import type { ReactNode } from 'react';
import { ServerFacts } from './server-facts';
import { ServerStatusBadge } from './server-status-badge';

export type ServerFrameProps = {
  networkId: string;
  server: Server;
  /** The signed-in user's role in the network; decides which areas are linked. */
  role: Role | null | undefined;
  /** The open area, or null on the server's home. */
  area: ServerArea | null;
  children: ReactNode;
  /** How the server is connected, when the remote read it (see ServerStatusBadge). */
  connection?: ConnectionState | null;
};

const mayOpen = (role: Role | null | undefined, area: ServerArea): boolean => {
  const { permission } = SERVER_AREA_DEFS[area];
  return !permission || can(role, permission);
};

/** The areas a role may open, in the navigation's order (console only for those who may run it). */
export const visibleServerAreas = (role: Role | null | undefined): ServerArea[] =>
  SERVER_AREAS.filter((area) => mayOpen(role, area));

/** An area typed into the address bar by someone whose role may not open it. */
type NoPermissionProps = { area: ServerArea };

const NoPermission = ({ area }: NoPermissionProps) => {
  const { label, permission } = SERVER_AREA_DEFS[area];
  const allowed = ROLES.filter((role) => permission && can(role, permission)).map((role) => `${role}s`);
  const who = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} and ${allowed.at(-1)}` : allowed[0];
  return (
    <EmptyState
      className="sf-no-permission"
      title="No permission"
      message={`Your role in this network cannot open ${label}. Only ${who} can; ask one of them.`}
    />
  );
};

/**
 * A server's header and area navigation around one area's content. Both remotes render their
 * server areas in it, so moving from Console (networks) to Players (players) keeps the same frame;
 * every link comes from the route registry.
 */
export const ServerFrame = ({ networkId, server, role, area, children, connection }: ServerFrameProps) => (
  <section className="op-page sf-frame" aria-labelledby="server-title">
    <Link className="sf-back" to={paths.network(networkId)}>
      ← Back to Network
    </Link>
    <header className="sf-header">
      <div className="sf-heading">
        <h1 id="server-title">{server.name}</h1>
        <ServerStatusBadge status={server.status} lastSeenAt={server.lastSeenAt} connection={connection} />
      </div>
      {server.actualName && server.actualName !== server.name && (
        <p className="sf-muted">{server.actualName}</p>
      )}
      <ServerFacts server={server} row />
    </header>
    <nav className="sf-area-nav" aria-label="Server areas">
      <NavLink end to={paths.server(networkId, server.id)}>
        Overview
      </NavLink>
      {visibleServerAreas(role).map((item) => (
        <NavLink key={item} to={paths.serverArea(networkId, server.id, item)}>
          {SERVER_AREA_DEFS[item].label}
        </NavLink>
      ))}
    </nav>
    <div className="sf-area">
      <h2>{area ? SERVER_AREA_DEFS[area].label : 'Overview'}</h2>
      {area && !mayOpen(role, area) ? <NoPermission area={area} /> : children}
    </div>
  </section>
);
