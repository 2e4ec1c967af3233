import type { AlertDelivery } from '@outpost/contracts';
import { formatTimeOfDay } from '@outpost/format';

const attemptsText = (attempts: number) => `${attempts} attempt${attempts === 1 ? '' : 's'}`;

/**
 * A delivery's outcome as a person reads it: never only "sent", but whether it arrived, why it
 * failed, and when the next attempt is.
 */
export const deliveryOutcome = (delivery: AlertDelivery, locale?: string): string => {
  switch (delivery.status) {
    case 'succeeded':
      return delivery.deliveredAt
        ? `Delivered at ${formatTimeOfDay(delivery.deliveredAt, locale)}`
        : 'Delivered';
    case 'retrying': {
      const next = delivery.nextAttemptAt
        ? `; next attempt at ${formatTimeOfDay(delivery.nextAttemptAt, locale)}`
        : '';
      return `Retrying: ${delivery.lastError ?? 'the last attempt failed'}${next} (${attemptsText(delivery.attempts)} so far)`;
    }
    case 'failed':
      return `Failed after ${attemptsText(delivery.attempts)}: ${delivery.lastError ?? 'no reason given'}`;
    default:
      return 'Pending: not sent yet';
  }
};

export const DELIVERY_STATUS_LABELS: Readonly<Record<AlertDelivery['status'], string>> = {
  pending: 'Pending',
  retrying: 'Retrying',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const DELIVERY_EVENT_LABELS: Readonly<Record<AlertDelivery['event'], string>> = {
  fired: 'Fired',
  resolved: 'Resolved',
  test: 'Test',
};
