import type { PunishmentDelivery, PunishmentServerDelivery } from '@outpost/contracts';
import { formatDateTime } from '@outpost/format';
import { Badge } from '@outpost/ui';
import { DELIVERY_LABELS } from '../utils/command-outcome';

export type DeliveryStateProps = { delivery: PunishmentDelivery | null };

/** A kick's or warn's delivery: Queued, Delivered, Confirmed, Failed (with the game's answer) or Expired. */
export const DeliveryState = ({ delivery }: DeliveryStateProps) => {
  if (!delivery) return null;
  const { label, tone } = DELIVERY_LABELS[delivery.status];
  const open = delivery.status === 'pending' || delivery.status === 'delivered';
  return (
    <>
      <Badge tone={tone}>
        <span title={formatDateTime(delivery.at)}>{label}</span>
      </Badge>
      {delivery.status === 'failed' && delivery.output && (
        <div className="pl-muted pl-wrap">{delivery.output}</div>
      )}
      {open && delivery.expiresAt && (
        <div className="pl-muted">{`Expires ${formatDateTime(delivery.expiresAt)}`}</div>
      )}
    </>
  );
};

/** What each command is, beside its server: the ban itself reads as the server alone. */
const COMMAND_NOTES: Readonly<Record<PunishmentServerDelivery['command'], string>> = {
  ban: '',
  kick: ' (kick)',
  warn: ' (warning)',
  unban: ' (unban)',
};

export type ServerDeliveriesProps = { deliveries: readonly PunishmentServerDelivery[]; label: string };

/** A ban's commands, one line per server: "EU Main · Confirmed", "EU 2 (kick) · Queued". */
export const ServerDeliveries = ({ deliveries, label }: ServerDeliveriesProps) =>
  deliveries.length === 0 ? null : (
    <ul className="pl-deliveries" aria-label={label}>
      {deliveries.map((delivery) => (
        <li key={`${delivery.serverId}-${delivery.command}-${delivery.at}`}>
          <span className="pl-deliveries__server">{`${delivery.serverName}${COMMAND_NOTES[delivery.command]}`}</span>{' '}
          <DeliveryState delivery={delivery} />
        </li>
      ))}
    </ul>
  );
