import { useGetNetworkServersQuery } from '@outpost/api-cache';
import { AuditLog } from './audit-log';

export type NetworkAuditTabProps = { networkId: string };

/** The network page's Audit Log tab: every entry of the network (owner, admin, moderator). */
export const NetworkAuditTab = ({ networkId }: NetworkAuditTabProps) => {
  const { data: servers } = useGetNetworkServersQuery(networkId);
  return (
    <div className="net-tab">
      <h2>Audit Log</h2>
      <AuditLog networkId={networkId} servers={servers} label="Network audit log" />
    </div>
  );
};

export default NetworkAuditTab;
