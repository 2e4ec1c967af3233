import type { PunishmentsTabProps } from '@outpost/contracts';
import { PunishmentsArea } from './punishments-area';

/** The network page's Punishments tab: every server's, as one list (mfe-networks passes the role). */
export const PunishmentsTab = ({ networkId, role }: PunishmentsTabProps) => (
  <section className="pl-tab" aria-labelledby="punishments-tab-title">
    <h2 id="punishments-tab-title">Punishments</h2>
    {/* The network page keeps its own tab in ?tab. */}
    <PunishmentsArea networkId={networkId} role={role} tabParam="view" />
  </section>
);
