import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AgentStateResponse, RconState, ServerAgent } from '@outpost/contracts';
import { APP_VERSION } from '../../core/config';
import { GameServer } from './server.entity';
import type { ServerToken } from './server-token';

/** The agents that name themselves to the panel: `outpost-bridge/1.2.3`. */
const AGENT = /^(outpost-bridge)\/(\d+\.\d+\.\d+[0-9A-Za-z.+-]{0,20})(?:\s|$)/;

export type AgentReport = { name: string; version: string; address: string | null };

/** What an agent says of its RCON connection (POST /api/plugin/v1/agent-state). */
export type AgentStateReport = { state: RconState; detail?: string | null; since: string };

/** The agent a User-Agent header names, or null (a plugin, or anything else). */
export const agentOf = (userAgent: string | undefined, address: string | undefined): AgentReport | null => {
  const match = AGENT.exec(userAgent ?? '');
  return match ? { name: match[1], version: match[2], address: address?.slice(0, 64) || null } : null;
};

const parts = (version: string): number[] =>
  version
    .split(/[-+]/)[0]
    .split('.')
    .map((part) => Number(part) || 0);

/** Whether `version` is older than `than` (major.minor.patch; a pre-release counts as its release). */
export const isOlderVersion = (version: string, than: string): boolean => {
  const [a, b] = [parts(version), parts(than)];
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
};

/** The agent as the server page shows it to managers. */
export const toServerAgent = (server: GameServer, panelVersion = APP_VERSION): ServerAgent | null =>
  server.agentName && server.agentVersion
    ? {
        name: server.agentName,
        version: server.agentVersion,
        address: server.agentAddress,
        olderThanPanel: isOlderVersion(server.agentVersion, panelVersion) ? panelVersion : null,
      }
    : null;

/**
 * Keeps what each server reports through: written when it changes (a new version, another
 * address, a plugin instead of the bridge), so a steady heartbeat costs no write. The statement
 * checks the token itself, as the heartbeat does.
 */
@Injectable()
export class ServerAgents {
  /** What this process last wrote, per token id. */
  private readonly written = new Map<string, string>();

  constructor(private readonly em: EntityManager) {}

  async note(token: ServerToken, agent: AgentReport | null): Promise<void> {
    const key = agent ? `${agent.name}/${agent.version}@${agent.address ?? ''}` : '';
    if (this.written.get(token.tokenId) === key) return;
    await this.em.fork().nativeUpdate(
      GameServer,
      { tokenId: token.tokenId, tokenHash: token.secretHash },
      {
        agentName: agent?.name ?? null,
        agentVersion: agent?.version ?? null,
        agentAddress: agent?.address ?? null,
      },
    );
    this.written.set(token.tokenId, key);
    if (this.written.size > 10_000) this.written.delete(this.written.keys().next().value as string);
  }

  /**
   * Keeps what the agent said of its RCON connection, with when the panel heard it (the
   * connection view weighs it against the heartbeats by that). A `since` ahead of the panel's
   * clock is taken as now.
   */
  async noteState(serverId: string, report: AgentStateReport, now = new Date()): Promise<AgentStateResponse> {
    const since = new Date(Math.min(Date.parse(report.since), now.getTime()));
    await this.em.fork().nativeUpdate(
      GameServer,
      { id: serverId },
      {
        agentState: report.state,
        agentDetail: report.detail ?? null,
        agentStateSince: since,
        agentStateAt: now,
      },
    );
    return { state: report.state, since: since.toISOString() };
  }
}
