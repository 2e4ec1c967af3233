import type { Network, Server } from '@outpost/contracts';
import { useReadOnly } from '../../../shared/hooks/use-read-only';
import { alertsAccess } from './alerts-access';
import { AlertChannels } from './alert-channels';
import { AlertHistory } from './alert-history';
import { AlertRules } from './alert-rules';

export type AlertsPanelProps = {
  network: Pick<Network, 'id' | 'role'>;
  servers: readonly Server[];
  /** A server's Alerts area: the rules that apply to it and its alerts. The whole network without it. */
  serverId?: string;
};

/**
 * Rules, channels and history. Owner and admin (alerts.manage) manage rules and channels;
 * moderators and members read the history only.
 */
export const AlertsPanel = ({ network, servers, serverId }: AlertsPanelProps) => {
  const access = alertsAccess(network.role, useReadOnly());
  return (
    <div className="al-panel">
      {access.manage && (
        <div className="al-columns">
          <AlertRules networkId={network.id} servers={servers} serverId={serverId} {...access} />
          <AlertChannels networkId={network.id} {...access} />
        </div>
      )}
      <AlertHistory networkId={network.id} serverId={serverId} servers={servers} />
    </div>
  );
};
