import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { ConnectionState, ConnectionVia, ServerConnection } from '@outpost/contracts';
import { type GameServer, statusChangesSince } from '../servers';
import { ServerRcon } from './server-rcon.entity';

/** What the view reads of the panel's own connection (the server_rcon row). */
export type PanelSide = Pick<
  ServerRcon,
  'state' | 'lastError' | 'stateSince' | 'connectedAt' | 'refusedAt' | 'updatedAt'
>;

/** What the view reads of the server: its heartbeats and what its agent said. */
export type ReportedSide = Pick<
  GameServer,
  | 'status'
  | 'lastSeenAt'
  | 'agentName'
  | 'agentVersion'
  | 'agentState'
  | 'agentDetail'
  | 'agentStateSince'
  | 'agentStateAt'
>;

type Candidate = {
  via: ConnectionVia;
  state: ConnectionState;
  detail: string | null;
  since: Date | null;
};

/** What members who do not manage servers read instead of a detail (which may hold the RCON address). */
export const CONNECTION_TEXTS: Readonly<Record<ConnectionState, string | null>> = {
  waiting: null,
  connected: null,
  connecting: 'Connecting to the game server.',
  unreachable: 'The game server does not answer.',
  wrong_password: 'The game server refused the RCON password.',
};

/** Said of a server whose agent or plugin stopped reporting (its heartbeats missed). */
export const STOPPED_REPORTING = 'The server stopped reporting: its last heartbeats did not come.';

const BRIDGE = 'outpost-bridge';

const panelSide = (row: PanelSide): Candidate => ({
  via: 'panel',
  state: row.state,
  detail: row.lastError,
  // A refusal says when the server last refused (the sentence the page shows), not when the
  // refusals began.
  since:
    (row.state === 'connected' ? row.connectedAt : row.state === 'wrong_password' ? row.refusedAt : null) ??
    row.stateSince ??
    row.updatedAt,
});

/**
 * The bridge's or the plugin's side: what the agent said of its RCON connection when that is newer
 * than the last heartbeat, else what the heartbeats tell (reporting, or stopped). Null when
 * nothing came.
 */
const reportedSide = (server: ReportedSide, onlineSince: Date | null): Candidate | null => {
  const via: ConnectionVia = server.agentName === BRIDGE ? 'bridge' : 'plugin';
  const said = server.agentState && server.agentStateAt;
  if (said && (!server.lastSeenAt || server.agentStateAt! >= server.lastSeenAt))
    return {
      via,
      state: server.agentState!,
      detail: server.agentDetail,
      since: server.agentStateSince ?? server.agentStateAt,
    };
  if (!server.lastSeenAt) return null;
  if (server.status === 'offline')
    return { via, state: 'unreachable', detail: STOPPED_REPORTING, since: server.lastSeenAt };
  return { via, state: 'connected', detail: null, since: onlineSince ?? server.lastSeenAt };
};

/**
 * The one view of how a server is connected, whichever way: the panel's own RCON connection, the
 * bridge or a plugin. A connected way wins (the panel's first); else the panel's when it has one
 * set; else what the bridge or the plugin said; else `waiting`. `seesAddresses`: the detail as it
 * is (it may name the RCON host and port); else a text without one.
 */
export const connectionOf = (
  panel: PanelSide | null,
  server: ReportedSide,
  onlineSince: Date | null,
  seesAddresses: boolean,
): ServerConnection => {
  const sides = [panel && panelSide(panel), reportedSide(server, onlineSince)].filter(
    (side): side is Candidate => side !== null,
  );
  const chosen = sides.find((side) => side.state === 'connected') ?? sides[0];
  if (!chosen) return { via: null, state: 'waiting', detail: null, since: null, bridgeVersion: null };
  const detail = chosen.state === 'connected' ? null : chosen.detail;
  return {
    via: chosen.via,
    state: chosen.state,
    detail: seesAddresses || detail === STOPPED_REPORTING ? detail : CONNECTION_TEXTS[chosen.state],
    since: chosen.since?.toISOString() ?? null,
    bridgeVersion: chosen.via === 'bridge' ? server.agentVersion : null,
  };
};

/** Reads what the connection view needs of one server. */
@Injectable()
export class ServerConnections {
  constructor(private readonly em: EntityManager) {}

  async of(server: GameServer, seesAddresses: boolean): Promise<ServerConnection> {
    const em = this.em.fork();
    const [panel, changes] = await Promise.all([
      em.findOne(ServerRcon, { serverId: server.id }),
      server.status === 'offline' ? [] : statusChangesSince(em, [server.id], new Date()),
    ]);
    return connectionOf(panel, server, changes.at(-1)?.at ?? null, seesAddresses);
  }
}
