// The bodies of the automation routes (issue 36) and the rules of their parts: a cron expression
// and an IANA zone read by croner (the API and the form's "next five times" agree), a regex of at
// most 200 characters that safe-regex2 judges free of catastrophic backtracking, ordered actions
// with their delays. A PATCH is judged on the automation as it will be stored (the API merges it
// first), so a form and the API judge the same whole.
import {
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_EVENTS,
  AUTOMATION_LIMITS,
  CHAT_CHANNELS,
  PLAYER_ACTION_TYPES,
} from '@outpost/contracts';
import { Cron } from 'croner';
import safeRegex from 'safe-regex2';
import { z } from 'zod';
import { first, text } from './text';

const L = AUTOMATION_LIMITS;

export const AUTOMATION_MESSAGES = {
  name: 'Name is required',
  nameTooLong: `Name must be ${L.name} characters or less`,
  enabled: 'Enabled must be true or false',
  serverIds: 'Servers must be a list of this network’s servers, or null for every server',
  unknownServer: 'Servers must be a list of this network’s servers, or null for every server',
  oneOf: 'Send exactly one of schedule and trigger',
  cron: 'Cron must be five fields: minute hour day-of-month month day-of-week (e.g. 0 18 * * *)',
  timezone: 'Time zone must be an IANA time zone such as Europe/Berlin',
  onlyWhenOnline: 'Only when online must be true or false',
  event: `Event must be one of ${AUTOMATION_EVENTS.join(', ')}`,
  pattern: `Pattern must be a regular expression of 1 to ${L.pattern} characters`,
  patternInvalid: 'Pattern is not a valid regular expression',
  patternUnsafe:
    'Pattern could take exponential time on some text (nested repetition such as (a+)+): simplify it',
  channel: `Channel must be one of ${CHAT_CHANNELS.join(', ')}, or null for any`,
  firstTime: 'First time must be true (first time on this network), false (returning) or null (both)',
  category: 'Category must be text of 50 characters or less, or null for any',
  count: `Count must be a whole number from ${L.reportCount.min} to ${L.reportCount.max}`,
  windowMinutes: `Window must be a whole number of minutes from ${L.windowMinutes.min} to ${L.windowMinutes.max}`,
  threshold: `Threshold must be a whole number from ${L.suspiciousThreshold.min} to ${L.suspiciousThreshold.max}`,
  playerCount: `Player count must be a whole number from ${L.playerCount.min} to ${L.playerCount.max}`,
  aboveOrBelow: 'Send one of above and below',
  between: 'Between must be { from, to, timezone } with times as HH:MM',
  watched: 'Watched must be true, false or null',
  linked: 'Linked must be true, false or null',
  cooldown: `Cooldown must be a whole number of seconds from ${L.cooldownSeconds.min} to ${L.cooldownSeconds.max}`,
  actions: 'Add at least one action',
  actionsTooMany: `An automation has at most ${L.actions} actions`,
  actionType: `Action type must be one of ${AUTOMATION_ACTION_TYPES.join(', ')}`,
  delaySeconds: `Delay must be a whole number of seconds from ${L.delaySeconds.min} to ${L.delaySeconds.max}`,
  continueOnFailure: 'Continue on failure must be true or false',
  command: `Command is required (${L.command} characters or less)`,
  message: `Message is required (${L.text} characters or less)`,
  reason: `Reason is required (${L.text} characters or less)`,
  durationMinutes: 'Duration must be a whole number of minutes (at least 1), or null for a permanent ban',
  scope: 'Scope is required: server or network',
  channelIds: 'Choose at least one alert channel',
  unknownChannel: 'Each alert channel must be one of this network’s channels',
  note: `Note is required (${L.text} characters or less)`,
  playerActionOnSchedule:
    'A schedule has no player: kick, warn, ban and note need a trigger about a player (joined, left, chat, report, violation, suspicious score)',
  perPlayerCooldownOnSchedule: 'A schedule has no player: leave the per-player cooldown at 0',
  nothingToChange: 'Send at least one field to change',
} as const;
const M = AUTOMATION_MESSAGES;

/** Whether croner reads the 5-field expression. */
export const isCronExpression = (cron: string): boolean => {
  if (cron.trim().split(/\s+/).length !== 5) return false;
  try {
    new Cron(cron.trim(), { paused: true });
    return true;
  } catch {
    return false;
  }
};

export const isTimeZone = (zone: string): boolean => {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The next `count` times the schedule is due after `from` (croner's reading, DST included). */
export const nextRunsOf = (
  schedule: { cron: string; timezone: string },
  count: number,
  from: Date = new Date(),
): Date[] =>
  new Cron(schedule.cron.trim(), { timezone: schedule.timezone, paused: true }).nextRuns(count, from);

/** Null when the pattern may be saved; otherwise the message. */
export const patternProblem = (pattern: string): string | null => {
  if (pattern.length === 0 || pattern.length > L.pattern) return M.pattern;
  try {
    new RegExp(pattern, 'iu');
  } catch {
    return M.patternInvalid;
  }
  return safeRegex(pattern) ? null : M.patternUnsafe;
};

const patternSchema = text(M.pattern).superRefine((value, ctx) => {
  const problem = patternProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const wholeNumber = (range: { min: number; max: number }, error: string) =>
  z.number({ error }).int({ error }).min(range.min, { error }).max(range.max, { error });
const nullable = <T extends z.ZodType>(schema: T, error: string) =>
  z.union([schema, z.null()], { error }).optional();
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

const scheduleSchema = z.strictObject(
  {
    cron: text(M.cron).refine(isCronExpression, { error: M.cron }),
    timezone: text(M.timezone).refine(isTimeZone, { error: M.timezone }),
    onlyWhenOnline: z.boolean({ error: M.onlyWhenOnline }).optional().default(false),
  },
  { error: M.cron },
);

const conditions = {
  between: nullable(
    z.strictObject(
      {
        from: z.string({ error: M.between }).regex(clock, { error: M.between }),
        to: z.string({ error: M.between }).regex(clock, { error: M.between }),
        timezone: text(M.timezone).refine(isTimeZone, { error: M.timezone }),
      },
      { error: M.between },
    ),
    M.between,
  ),
  watched: nullable(z.boolean({ error: M.watched }), M.watched),
  linked: nullable(z.boolean({ error: M.linked }), M.linked),
};

const triggerSchema = z.discriminatedUnion(
  'event',
  [
    z.strictObject({
      event: z.literal('player.joined'),
      firstTime: nullable(z.boolean({ error: M.firstTime }), M.firstTime),
      namePattern: nullable(patternSchema, M.pattern),
      ...conditions,
    }),
    z.strictObject({ event: z.literal('player.left'), ...conditions }),
    z.strictObject({
      event: z.literal('chat.message'),
      pattern: patternSchema,
      channel: nullable(z.enum(CHAT_CHANNELS, { error: M.channel }), M.channel),
      ...conditions,
    }),
    z.strictObject({
      event: z.literal('report.received'),
      category: nullable(z.string({ error: M.category }).trim().max(50, { error: M.category }), M.category),
      count: nullable(wholeNumber(L.reportCount, M.count), M.count),
      windowMinutes: nullable(wholeNumber(L.windowMinutes, M.windowMinutes), M.windowMinutes),
      ...conditions,
    }),
    z.strictObject({ event: z.literal('violation'), ...conditions }),
    z.strictObject({
      event: z.literal('suspicious.score'),
      threshold: wholeNumber(L.suspiciousThreshold, M.threshold),
      ...conditions,
    }),
    z
      .strictObject({
        event: z.literal('players.count'),
        above: nullable(wholeNumber(L.playerCount, M.playerCount), M.playerCount),
        below: nullable(wholeNumber(L.playerCount, M.playerCount), M.playerCount),
        ...conditions,
      })
      .refine((t) => ((t.above ?? null) === null) !== ((t.below ?? null) === null), {
        error: M.aboveOrBelow,
        path: ['above'],
      }),
    z.strictObject({ event: z.literal('server.offline'), ...conditions }),
    z.strictObject({ event: z.literal('server.online'), ...conditions }),
  ],
  { error: M.event },
);

const required = (max: number, error: string) => text(error).trim().min(1, first(error)).max(max, { error });
const actionCommon = {
  delaySeconds: wholeNumber(L.delaySeconds, M.delaySeconds).optional().default(0),
  continueOnFailure: z.boolean({ error: M.continueOnFailure }).optional().default(false),
};
const actionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('console'), command: required(L.command, M.command), ...actionCommon }),
    z.strictObject({ type: z.literal('broadcast'), message: required(L.text, M.message), ...actionCommon }),
    z.strictObject({ type: z.literal('kick'), reason: required(L.text, M.reason), ...actionCommon }),
    z.strictObject({ type: z.literal('warn'), message: required(L.text, M.message), ...actionCommon }),
    z.strictObject({
      type: z.literal('ban'),
      reason: required(L.text, M.reason),
      durationMinutes: z.union(
        [
          z
            .number({ error: M.durationMinutes })
            .int({ error: M.durationMinutes })
            .min(1, { error: M.durationMinutes }),
          z.null(),
        ],
        { error: M.durationMinutes },
      ),
      scope: z.enum(['server', 'network'], { error: M.scope }),
      ...actionCommon,
    }),
    z.strictObject({
      type: z.literal('alert'),
      channelIds: z
        .array(
          z
            .string({ error: M.channelIds })
            .min(1, { error: M.channelIds })
            .max(36, { error: M.unknownChannel }),
          {
            error: M.channelIds,
          },
        )
        .min(1, { error: M.channelIds })
        .max(20, { error: M.channelIds }),
      message: z.string({ error: M.message }).trim().max(L.text, { error: M.message }).optional(),
      ...actionCommon,
    }),
    z.strictObject({ type: z.literal('discord'), message: required(L.text, M.message), ...actionCommon }),
    z.strictObject({ type: z.literal('note'), text: required(L.text, M.note), ...actionCommon }),
  ],
  { error: M.actionType },
);

const serverIdsSchema = z.union(
  [
    z
      .array(
        z
          .string({ error: M.serverIds })
          .trim()
          .min(1, { error: M.serverIds })
          .max(36, { error: M.serverIds }),
        {
          error: M.serverIds,
        },
      )
      .min(1, { error: M.serverIds })
      .max(500, { error: M.serverIds }),
    z.null(),
  ],
  { error: M.serverIds },
);

const fields = {
  name: required(L.name, M.name).max(L.name, { error: M.nameTooLong }),
  enabled: z.boolean({ error: M.enabled }),
  serverIds: serverIdsSchema,
  schedule: nullable(scheduleSchema, M.cron),
  trigger: nullable(triggerSchema, M.event),
  cooldownSeconds: wholeNumber(L.cooldownSeconds, M.cooldown).optional().default(0),
  perPlayerCooldownSeconds: wholeNumber(L.cooldownSeconds, M.cooldown).optional().default(0),
  actions: z
    .array(actionSchema, { error: M.actions })
    .min(1, { error: M.actions })
    .max(L.actions, { error: M.actionsTooMany }),
};

/** Rules across fields: exactly one of schedule and trigger; a schedule has no player. */
const wholeRules = (
  body: {
    schedule?: unknown;
    trigger?: unknown;
    perPlayerCooldownSeconds?: number;
    actions?: readonly { type: string }[];
  },
  ctx: z.RefinementCtx,
) => {
  const hasSchedule = body.schedule != null;
  if (hasSchedule === (body.trigger != null)) {
    ctx.addIssue({ code: 'custom', message: M.oneOf, path: [hasSchedule ? 'trigger' : 'schedule'] });
    return;
  }
  if (!hasSchedule) return;
  body.actions?.forEach((action, index) => {
    if ((PLAYER_ACTION_TYPES as readonly string[]).includes(action.type))
      ctx.addIssue({ code: 'custom', message: M.playerActionOnSchedule, path: ['actions', index, 'type'] });
  });
  if (body.perPlayerCooldownSeconds)
    ctx.addIssue({
      code: 'custom',
      message: M.perPlayerCooldownOnSchedule,
      path: ['perPlayerCooldownSeconds'],
    });
};

/** POST /api/networks/{networkId}/automations; also the whole automation a PATCH leads to. */
export const automationSchema = z
  .strictObject({ ...fields, enabled: fields.enabled.optional().default(true) })
  .superRefine(wholeRules);
export type AutomationBody = z.output<typeof automationSchema>;

/** PATCH /api/networks/{networkId}/automations/{automationId}: any part; judged whole once merged. */
export const updateAutomationSchema = z
  .strictObject({
    name: fields.name.optional(),
    enabled: fields.enabled.optional(),
    serverIds: serverIdsSchema.optional(),
    schedule: fields.schedule,
    trigger: fields.trigger,
    cooldownSeconds: wholeNumber(L.cooldownSeconds, M.cooldown).optional(),
    perPlayerCooldownSeconds: wholeNumber(L.cooldownSeconds, M.cooldown).optional(),
    actions: fields.actions.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: M.nothingToChange });
export type UpdateAutomationBody = z.output<typeof updateAutomationSchema>;

/** GET .../runs: newest first, a page at a time. */
export const automationRunsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 100' })
    .int({ error: 'Limit must be a whole number from 1 to 100' })
    .min(1, { error: 'Limit must be a whole number from 1 to 100' })
    .max(100, { error: 'Limit must be a whole number from 1 to 100' })
    .optional()
    .default(25),
  cursor: z.string({ error: 'Cursor is not valid' }).max(200, { error: 'Cursor is not valid' }).optional(),
});
export type AutomationRunsQuery = z.output<typeof automationRunsQuerySchema>;
