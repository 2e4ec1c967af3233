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
import { Link, NavLink, useLocation } from '@outpost/router';
import { EmptyState, useScrollEdges } from '@outpost/ui';
import { useEffect, useRef, type ReactNode } from 'react';
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

type ServerAreaNavProps = { networkId: string; serverId: string; role: Role | null | undefined };

/**
 * The area links. On a phone they are one row that scrolls sideways (a wrapped list took a third of
 * the screen): the hidden end fades, as the network's tab strip does, and the open area is scrolled
 * into view.
 */
const ServerAreaNav = ({ networkId, serverId, role }: ServerAreaNavProps) => {
  const ref = useRef<HTMLElement>(null);
  const overflow = useScrollEdges(ref);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = ref.current;
    const open = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !open || nav.scrollWidth <= nav.clientWidth) return;
    // Only the strip scrolls (scrollIntoView would move the page too).
    const [strip, link] = [nav.getBoundingClientRect(), open.getBoundingClientRect()];
    nav.scrollLeft += link.left - strip.left - (strip.width - link.width) / 2;
  }, [pathname]);
  return (
    <nav ref={ref} className="sf-area-nav" aria-label="Server areas" data-overflow={overflow}>
      <NavLink end to={paths.server(networkId, serverId)}>
        Overview
      </NavLink>
      {visibleServerAreas(role).map((item) => (
        <NavLink key={item} to={paths.serverArea(networkId, serverId, item)}>
          {SERVER_AREA_DEFS[item].label}
        </NavLink>
      ))}
    </nav>
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
    <ServerAreaNav networkId={networkId} serverId={server.id} role={role} />
    <div className="sf-area">
      <h2>{area ? SERVER_AREA_DEFS[area].label : 'Overview'}</h2>
      {area && !mayOpen(role, area) ? <NoPermission area={area} /> : children}
    </div>
  </section>
);
