// Bodies of POST /api/players/{steamId}/kick|warn|ban. An empty reason gets the spec's default
// (spec section 9); a ban's empty duration means permanent.
import { DEFAULT_REASONS, type PlayerAction } from '@outpost/contracts';
import { z } from 'zod';
import { isPermanentDuration, parseBanDuration } from './ban-duration';
import { MESSAGES } from './messages';
import { banScopeSchema, requiredReasonSchema } from './punishments';
import { absentWhenEmpty } from './requests';
import { first, text } from './text';

const MAX_REASON_LENGTH = 500;

const reasonSchema = (action: PlayerAction) =>
  z
    .preprocess((value) => (value === null ? undefined : value), text(MESSAGES.reasonTooLong).optional())
    .transform((value) => value?.trim() ?? '')
    .pipe(z.string().max(MAX_REASON_LENGTH, first(MESSAGES.reasonTooLong)))
    .transform((value) => value || DEFAULT_REASONS[action]);

const serverIdSchema = text(MESSAGES.serverIdRequired).trim().min(1, first(MESSAGES.serverIdRequired));

/** Ban duration: null when permanent, else the normalised text and its length in seconds. */
const durationSchema = z
  .preprocess((value) => (value === null ? undefined : value), text(MESSAGES.duration).optional())
  .refine((value) => isPermanentDuration(value) || parseBanDuration(value) !== null, first(MESSAGES.duration))
  .transform((value) =>
    isPermanentDuration(value) ? null : (value ?? '').replace(/\s+/g, '').toLowerCase(),
  );

/** The F7 report a punishment answers (linked and resolved with it); absent when none. */
const reportIdSchema = absentWhenEmpty(
  text(MESSAGES.reportId)
    .trim()
    .regex(/^[0-9a-f-]{36}$/i, first(MESSAGES.reportId))
    .optional(),
);

const kickOrWarnSchema = (action: 'kick' | 'warn') =>
  z.strictObject({ serverId: serverIdSchema, reason: reasonSchema(action), reportId: reportIdSchema });

const banSchema = z
  .strictObject({
    serverId: serverIdSchema,
    reason: reasonSchema('ban'),
    duration: durationSchema,
    scope: banScopeSchema,
    reportId: reportIdSchema,
  })
  .transform((body) => ({
    ...body,
    durationSeconds: body.duration === null ? null : parseBanDuration(body.duration),
  }));

export const PLAYER_ACTION_SCHEMAS = {
  kick: kickOrWarnSchema('kick'),
  warn: kickOrWarnSchema('warn'),
  ban: banSchema,
} as const;

export const playerActionSchema = <A extends PlayerAction>(action: A): (typeof PLAYER_ACTION_SCHEMAS)[A] =>
  PLAYER_ACTION_SCHEMAS[action];

/**
 * POST /api/players/{steamId}/unban: a reason is required (the dialog asks for it, then confirms);
 * it goes to every server that held the ban and into the audit log.
 */
export const unbanSchema = z.strictObject({
  serverId: serverIdSchema,
  reason: requiredReasonSchema(MESSAGES.unbanReasonRequired),
});

export type KickOrWarnInput = z.output<(typeof PLAYER_ACTION_SCHEMAS)['kick']>;
export type BanInput = z.output<typeof banSchema>;
export type UnbanInput = z.output<typeof unbanSchema>;
