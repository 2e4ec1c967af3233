import { ALERT_PAGE_DEFAULT, ALERT_PAGE_MAX, ALERT_STATES } from '@outpost/contracts';
import { absentWhenEmpty, keysetCursorSchema, queryNumber } from '@outpost/validation';
import { text } from './fields';
import { z } from 'zod';

export const ALERTS_QUERY_MESSAGES = {
  state: `State must be one of ${ALERT_STATES.join(', ')}`,
  serverId: 'Server must be one of this network’s servers',
  cursor: 'Before must be the cursor of a previous page',
  limit: `Limit must be a whole number from 1 to ${ALERT_PAGE_MAX}`,
} as const;

/** GET /api/networks/{id}/alerts (AlertListQuery; `before` as the other lists say it). Unknown keys are ignored. */
export const alertsQuerySchema = z.object({
  serverId: absentWhenEmpty(text(ALERTS_QUERY_MESSAGES.serverId).trim().max(36).optional()),
  state: absentWhenEmpty(z.enum(ALERT_STATES, { error: ALERTS_QUERY_MESSAGES.state }).optional()),
  before: keysetCursorSchema(ALERTS_QUERY_MESSAGES.cursor),
  /** The same as `before` (AlertListQuery names it so). */
  cursor: keysetCursorSchema(ALERTS_QUERY_MESSAGES.cursor),
  limit: queryNumber(1, ALERT_PAGE_MAX, ALERTS_QUERY_MESSAGES.limit, ALERT_PAGE_DEFAULT),
});
export type AlertsQueryInput = z.output<typeof alertsQuerySchema>;
