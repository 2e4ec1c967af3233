import type { PunishmentDelivery } from '@outpost/contracts';
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
