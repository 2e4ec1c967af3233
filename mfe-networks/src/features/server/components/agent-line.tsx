import type { ServerAgent } from '@outpost/contracts';
import { formatTimestamp } from '@outpost/format';

export type AgentLineProps = { agent: ServerAgent; lastSeenAt: string | null | undefined };

/** What the server reports through (outpost-bridge), from where, and whether it needs updating. */
export const AgentLine = ({ agent, lastSeenAt }: AgentLineProps) => (
  <div className="net-agent" role="status" aria-label="Connected through">
    <p className="net-muted">
      Connected through {agent.name} {agent.version}
      {agent.address ? ` from ${agent.address}` : ''}
      {lastSeenAt ? `, last report ${formatTimestamp(lastSeenAt)}` : ''}.
    </p>
    {agent.olderThanPanel && (
      <p className="net-warning">
        {agent.name} {agent.version} is older than this panel ({agent.olderThanPanel}): download{' '}
        <a href="/downloads/outpost-bridge.mjs">outpost-bridge.mjs</a> again, check it against its SHA-256 and
        restart the bridge.
      </p>
    )}
  </div>
);
