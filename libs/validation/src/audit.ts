// GET /api/networks/{id}/audit (and its CSV export) and GET /api/dashboard/activity: the audit
// log's filters and the keyset cursor its pages are read back with.
import {
  AUDIT_ACTIONS,
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  DASHBOARD_ACTIVITY_DEFAULT,
  DASHBOARD_ACTIVITY_MAX,
  type AuditAction,
} from '@outpost/contracts';
import { z } from 'zod';
import { encodeLogCursor, isoTime, keysetCursorSchema, type LogCursor } from './logs';
import { MESSAGES } from './messages';
import { absentWhenEmpty, queryNumber } from './requests';
import { text } from './text';

/** Where a page ended: the last entry's time and id (newest first by both). */
export type AuditCursor = LogCursor;
/** The same opaque encoding as the Logs timeline's cursor. */
export const encodeAuditCursor: (cursor: AuditCursor) => string = encodeLogCursor;

/**
 * A server id is a UUID the panel made, and it is matched with LIKE inside the details: letters,
 * digits and dashes only, so it carries no wildcard. A user id may be a custom Appwrite-style id
 * (letters, digits, '.', '_', '-'); it is only compared for equality.
 */
const SERVER_ID = /^[A-Za-z0-9-]{1,64}$/;
const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const idParam = (pattern: RegExp, message: string) =>
  absentWhenEmpty(text(message).trim().regex(pattern, { error: message }).optional());

const actionsSchema = absentWhenEmpty(
  text(MESSAGES.auditAction)
    .transform((value, ctx): AuditAction[] => {
      const actions = [...new Set(value.split(',').map((action) => action.trim()))];
      if (actions.some((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.auditAction });
        return z.NEVER;
      }
      return actions as AuditAction[];
    })
    .optional(),
);

const cursorSchema = keysetCursorSchema(MESSAGES.auditCursor);

const filterFields = {
  serverId: idParam(SERVER_ID, MESSAGES.auditServerId),
  actorId: idParam(USER_ID, MESSAGES.auditActorId),
  action: actionsSchema,
  from: isoTime(MESSAGES.auditFrom),
  to: isoTime(MESSAGES.auditTo),
};

const rangeInOrder = (query: { from?: Date; to?: Date }) =>
  !query.from || !query.to || query.from.getTime() <= query.to.getTime();

/** The filters alone: the CSV export. Unknown query keys are ignored (caches and tools add their own). */
export const auditFilterSchema = z
  .object(filterFields)
  .refine(rangeInOrder, { error: MESSAGES.auditRange, path: ['from'] });

/** A page of a network's audit log: by page (offset) or by the previous page's cursor. */
export const auditQuerySchema = z
  .object({
    ...filterFields,
    page: absentWhenEmpty(
      z.coerce
        .number({ error: MESSAGES.page })
        .int({ error: MESSAGES.page })
        .min(1, { error: MESSAGES.page })
        .max(Number.MAX_SAFE_INTEGER, { error: MESSAGES.page })
        .optional(),
    ),
    limit: queryNumber(1, AUDIT_MAX_PAGE_SIZE, MESSAGES.auditLimit, AUDIT_PAGE_SIZE),
    cursor: cursorSchema,
  })
  .refine(rangeInOrder, { error: MESSAGES.auditRange, path: ['from'] })
  .refine((query) => query.page === undefined || query.cursor === undefined, {
    error: MESSAGES.auditCursorWithPage,
    path: ['cursor'],
  });

/** GET /api/dashboard/activity. */
export const dashboardActivityQuerySchema = z.object({
  limit: queryNumber(1, DASHBOARD_ACTIVITY_MAX, MESSAGES.activityLimit, DASHBOARD_ACTIVITY_DEFAULT),
});

export type AuditFilterInput = z.output<typeof auditFilterSchema>;
export type AuditQueryInput = z.output<typeof auditQuerySchema>;
export type DashboardActivityQueryInput = z.output<typeof dashboardActivityQuerySchema>;
