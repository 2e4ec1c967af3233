import type { PunishmentsTabProps, ReportsTabProps } from '@outpost/contracts';
import { PunishmentsArea } from './punishments-area';

/** The network page's Punishments tab: every server's, as one list (mfe-networks passes the role). */
export const PunishmentsTab = ({ networkId, role }: PunishmentsTabProps) => (
  <section className="pl-tab" aria-labelledby="punishments-tab-title">
    <h2 id="punishments-tab-title">Punishments</h2>
    {/* The network page keeps its own tab in ?tab; its Reports are a tab of their own. */}
    <PunishmentsArea networkId={networkId} role={role} tabParam="view" offers={['punishments']} />
  </section>
);

/** The network page's Reports tab: the network's F7 inbox, every server's, for those who work reports. */
export const ReportsTab = ({ networkId, role }: ReportsTabProps) => (
  <section className="pl-tab" aria-labelledby="reports-tab-title">
    <h2 id="reports-tab-title">Reports</h2>
    <PunishmentsArea networkId={networkId} role={role} tabParam="view" offers={['reports']} />
  </section>
);
