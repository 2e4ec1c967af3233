// The Punishments area (issue 19): the list's query, a ban's edit and its early lift.
import {
  BAN_SCOPES,
  PUNISHMENT_KINDS,
  PUNISHMENT_PAGE_DEFAULT,
  PUNISHMENT_PAGE_MAX,
  PUNISHMENT_SEARCH_MAX_LENGTH,
  PUNISHMENT_STATES,
} from '@outpost/contracts';
import { z } from 'zod';
import { decodeLogCursor, encodeLogCursor, keysetCursorSchema, type LogCursor } from './logs';
import { MESSAGES } from './messages';
import { absentWhenEmpty, queryNumber } from './requests';
import { first, text } from './text';

const MAX_REASON_LENGTH = 500;

export const PUNISHMENT_MESSAGES = {
  kind: `Kind must be one of ${PUNISHMENT_KINDS.join(', ')}`,
  state: `State must be one of ${PUNISHMENT_STATES.join(', ')}`,
  cursor: 'Before must be the cursor of a previous page',
  limit: `Limit must be a whole number from 1 to ${PUNISHMENT_PAGE_MAX}`,
  search: `Search must be ${PUNISHMENT_SEARCH_MAX_LENGTH} characters or less`,
  scope: `Scope must be one of ${BAN_SCOPES.join(', ')}`,
  reasonRequired: 'Reason must not be empty',
  expiresAt: 'Expiry must be an ISO date and time, or null for a permanent ban',
  expiresAtPast: 'Expiry must be in the future',
  nothingToChange: 'Send at least one of reason or expiresAt',
} as const;

/** A page's end: the last item's issue time and id (newest first by both). Opaque to clients. */
export type PunishmentCursor = LogCursor;
export const encodePunishmentCursor = encodeLogCursor;
export const decodePunishmentCursor = decodeLogCursor;

const cursorSchema = keysetCursorSchema(PUNISHMENT_MESSAGES.cursor);

/** GET /api/servers/{id}/punishments and /api/networks/{id}/punishments. Unknown keys are ignored. */
export const punishmentsQuerySchema = z.object({
  kind: absentWhenEmpty(z.enum(PUNISHMENT_KINDS, { error: PUNISHMENT_MESSAGES.kind }).optional()),
  state: absentWhenEmpty(z.enum(PUNISHMENT_STATES, { error: PUNISHMENT_MESSAGES.state }).optional()),
  search: absentWhenEmpty(
    text(PUNISHMENT_MESSAGES.search)
      .trim()
      .max(PUNISHMENT_SEARCH_MAX_LENGTH, first(PUNISHMENT_MESSAGES.search))
      .optional(),
  ),
  before: cursorSchema,
  limit: queryNumber(1, PUNISHMENT_PAGE_MAX, PUNISHMENT_MESSAGES.limit, PUNISHMENT_PAGE_DEFAULT),
});
export type PunishmentsQueryInput = z.output<typeof punishmentsQuerySchema>;

const reasonSchema = text(MESSAGES.reasonTooLong)
  .trim()
  .min(1, first(PUNISHMENT_MESSAGES.reasonRequired))
  .max(MAX_REASON_LENGTH, first(MESSAGES.reasonTooLong));

/**
 * An expiry: an ISO time in the future (checked against `now()` when parsed), or null for permanent.
 */
const expiresAtSchema = (now: () => Date) =>
  z
    .union([z.iso.datetime({ offset: true, error: PUNISHMENT_MESSAGES.expiresAt }), z.null()], {
      error: PUNISHMENT_MESSAGES.expiresAt,
    })
    .transform((value) => (value === null ? null : new Date(value)))
    .refine(
      (value) => value === null || value.getTime() > now().getTime(),
      PUNISHMENT_MESSAGES.expiresAtPast,
    );

/** PATCH /api/punishments/{id}: a ban's reason or expiry; unknown fields are refused. */
export const updatePunishmentSchema = (now: () => Date = () => new Date()) =>
  z
    .strictObject({ reason: reasonSchema.optional(), expiresAt: expiresAtSchema(now).optional() })
    .refine((body) => body.reason !== undefined || body.expiresAt !== undefined, {
      error: PUNISHMENT_MESSAGES.nothingToChange,
    });
export type UpdatePunishmentInput = z.output<ReturnType<typeof updatePunishmentSchema>>;

/**
 * A reason a person must give (an unban's, an early lift's): trimmed, not blank (`required` then),
 * 500 characters at most.
 */
export const requiredReasonSchema = (required: string) =>
  text(required).trim().min(1, first(required)).max(MAX_REASON_LENGTH, first(MESSAGES.reasonTooLong));

/**
 * POST /api/punishments/{id}/lift: a reason is required, as an unban's (the dialog asks for it,
 * then confirms); it goes with the unbans to every server the ban reached and into the audit log.
 */
export const liftPunishmentSchema = z.strictObject({
  reason: requiredReasonSchema(MESSAGES.liftReasonRequired),
});
export type LiftPunishmentInput = z.output<typeof liftPunishmentSchema>;

/** A ban's scope in POST /api/players/{steamId}/ban: absent means the whole network (as before). */
export const banScopeSchema = absentWhenEmpty(
  z.enum(BAN_SCOPES, { error: PUNISHMENT_MESSAGES.scope }).default('network'),
);
