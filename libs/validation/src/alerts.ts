// The alerts area (issue 27): the bodies of the rule and channel routes and the alert history's
// filters. Kind-specific fields of a rule (a threshold and minutes, a watch list) are judged on the
// rule as it will be stored (alertRuleProblem), so a PATCH is judged on the whole rule; a channel's
// URL is judged here as text, and by the API's egress policy when the channel is saved. The forms
// judge what they would send with the same functions (alertRuleErrors, alertChannelErrors).
import {
  ALERT_CHANNEL_TYPES,
  ALERT_LIMITS,
  ALERT_PAGE_DEFAULT,
  ALERT_PAGE_MAX,
  ALERT_RULE_KINDS,
  ALERT_STATES,
  THRESHOLD_RULE_KINDS,
  type AlertChannelType,
  type AlertRuleKind,
  type ApiErrorDetail,
} from '@outpost/contracts';
import { z } from 'zod';
import { enabledField, numberOrNull, patchBody } from './bodies';
import { validateRequest } from './issues';
import { keysetCursorSchema } from './logs';
import { absentWhenEmpty, queryNumber } from './requests';
import { first, text } from './text';

const { threshold, minutes, watchedPlayers, channelName, emails, url, ruleChannels } = ALERT_LIMITS;

// Rules.

export const ALERT_RULE_MESSAGES = {
  kind: `Kind must be one of ${ALERT_RULE_KINDS.join(', ')}`,
  serverId: 'Server must be one of this network’s servers, or null for all of them',
  threshold: `Threshold must be a number from ${threshold.min} to ${threshold.max}`,
  thresholdRequired: 'Threshold is required for this kind of rule',
  minutes: `Minutes must be a whole number from ${minutes.min} to ${minutes.max}`,
  minutesRequired: 'Minutes is required for this kind of rule',
  steamIds: 'Each steamId must be a SteamID64 (17 digits)',
  steamIdsRequired: 'A watched-player rule needs at least one steamId',
  steamIdsTooMany: `A watch list holds at most ${watchedPlayers} players`,
  channelIds: 'Channels must be a list of channel ids, or null for all of the network’s channels',
  channelIdsEmpty: 'Choose at least one channel, or send to all channels',
  channelIdsTooMany: `A rule names at most ${ruleChannels} channels`,
  unknownChannel: 'Each channel must be one of this network’s alert channels',
  enabled: 'Enabled must be true or false',
  networkWide: 'This kind of rule is about the whole network: serverId must be null',
  nothingToChange: 'Send at least one of serverId, threshold, minutes, steamIds, channelIds or enabled',
  steamId: 'The steamId must be a SteamID64 (17 digits)',
  kindStays: 'The kind of a rule cannot change: add a rule of the other kind',
} as const;

/** The watch list's route parameter (PUT/DELETE .../watch/{steamId}). */
export const watchSteamIdSchema = text(ALERT_RULE_MESSAGES.steamId).regex(
  /^\d{17}$/,
  first(ALERT_RULE_MESSAGES.steamId),
);

const serverIdSchema = z
  .union(
    [text(ALERT_RULE_MESSAGES.serverId).trim().min(1, first(ALERT_RULE_MESSAGES.serverId)).max(36), z.null()],
    { error: ALERT_RULE_MESSAGES.serverId },
  )
  .optional();
const thresholdSchema = numberOrNull(threshold, ALERT_RULE_MESSAGES.threshold);
const minutesSchema = numberOrNull(minutes, ALERT_RULE_MESSAGES.minutes, true);
const steamIdsSchema = z
  .array(
    z
      .string({ error: ALERT_RULE_MESSAGES.steamIds })
      .regex(/^\d{17}$/, { error: ALERT_RULE_MESSAGES.steamIds }),
    { error: ALERT_RULE_MESSAGES.steamIds },
  )
  .max(watchedPlayers, { error: ALERT_RULE_MESSAGES.steamIdsTooMany })
  .optional();

/** A rule's channels: some of the network's (whether they are is the API's to say), or null for all. */
const channelIdsSchema = z
  .array(
    text(ALERT_RULE_MESSAGES.channelIds)
      .trim()
      .min(1, first(ALERT_RULE_MESSAGES.channelIds))
      .max(36, first(ALERT_RULE_MESSAGES.unknownChannel)),
    { error: ALERT_RULE_MESSAGES.channelIds },
  )
  .min(1, { error: ALERT_RULE_MESSAGES.channelIdsEmpty })
  .max(ruleChannels, { error: ALERT_RULE_MESSAGES.channelIdsTooMany })
  .nullable()
  .optional();

/** POST /api/networks/{id}/alert-rules (AlertRuleInput). */
export const createAlertRuleSchema = z.strictObject({
  serverId: serverIdSchema,
  kind: z.enum(ALERT_RULE_KINDS, { error: ALERT_RULE_MESSAGES.kind }),
  threshold: thresholdSchema,
  minutes: minutesSchema,
  steamIds: steamIdsSchema,
  channelIds: channelIdsSchema,
  enabled: enabledField(ALERT_RULE_MESSAGES.enabled),
});
export type CreateAlertRuleInput = z.output<typeof createAlertRuleSchema>;

/** PATCH /api/networks/{id}/alert-rules/{ruleId}: the kind stays (sent, it must be the rule's). */
export const updateAlertRuleSchema = patchBody(
  createAlertRuleSchema.partial({ kind: true }),
  ALERT_RULE_MESSAGES.nothingToChange,
);
export type UpdateAlertRuleInput = z.output<typeof updateAlertRuleSchema>;

export const isThresholdKind = (kind: AlertRuleKind): kind is (typeof THRESHOLD_RULE_KINDS)[number] =>
  (THRESHOLD_RULE_KINDS as readonly AlertRuleKind[]).includes(kind);

/** Kinds about the network as a whole: their rules apply to no one server. */
export const isNetworkWideKind = (kind: AlertRuleKind): boolean => kind === 'member_joins';

/** A rule as it will be stored. */
export type AlertRuleShape = {
  kind: AlertRuleKind;
  serverId: string | null;
  threshold: number | null;
  minutes: number | null;
  steamIds: readonly string[];
};

/** What a rule's kind asks of its other fields, each with the field it names. */
export const ALERT_RULE_PROBLEMS = {
  networkWide: 'serverId',
  thresholdRequired: 'threshold',
  minutesRequired: 'minutes',
  steamIdsRequired: 'steamIds',
} as const;
export type AlertRuleProblem = keyof typeof ALERT_RULE_PROBLEMS;

/** The first thing a whole rule lacks for its kind (its message is ALERT_RULE_MESSAGES'), or null. */
export const alertRuleProblem = (rule: AlertRuleShape): AlertRuleProblem | null => {
  if (isNetworkWideKind(rule.kind) && rule.serverId !== null) return 'networkWide';
  if (isThresholdKind(rule.kind)) {
    if (rule.threshold === null) return 'thresholdRequired';
    if (rule.minutes === null) return 'minutesRequired';
  }
  if (rule.kind === 'player_joins' && rule.steamIds.length === 0) return 'steamIdsRequired';
  return null;
};

/**
 * What the API answers a whole rule sent as `body` (POST's body; a PATCH is judged on the rule it
 * leaves), field by field: the body's rules, then its kind's. Empty when the API takes it, bar
 * what only it knows (the network's servers).
 */
export const alertRuleErrors = (body: unknown): ApiErrorDetail[] => {
  const parsed = validateRequest(createAlertRuleSchema, body);
  if (!parsed.success) return parsed.details;
  const problem = alertRuleProblem({
    kind: parsed.data.kind,
    serverId: parsed.data.serverId ?? null,
    threshold: parsed.data.threshold ?? null,
    minutes: parsed.data.minutes ?? null,
    steamIds: parsed.data.steamIds ?? [],
  });
  return problem ? [{ field: ALERT_RULE_PROBLEMS[problem], message: ALERT_RULE_MESSAGES[problem] }] : [];
};

// Channels.

export const ALERT_CHANNEL_MESSAGES = {
  type: `Type must be one of ${ALERT_CHANNEL_TYPES.join(', ')}`,
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${channelName} characters or less`,
  emails: 'Each address must be a valid e-mail address',
  emailsTooMany: `A channel reaches at most ${emails} addresses`,
  urlRequired: 'URL is required for this type of channel',
  url: 'URL must be an http:// or https:// address',
  urlTooLong: `URL must be ${url} characters or less`,
  discordUrl: 'URL must be a Discord webhook URL: https://discord.com/api/webhooks/…',
  enabled: 'Enabled must be true or false',
  nothingToChange: 'Send at least one of name, emails, url or enabled',
  panelOnce: 'This network already has a panel channel',
  typeStays: 'The type of a channel cannot change: add a channel of the other type',
} as const;

/** The URL when it is an absolute http(s) one with a host, else null. */
export const httpUrl = (value: string): URL | null => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname ? parsed : null;
  } catch {
    return null;
  }
};

/** Discord's own hosts for webhooks: its app's, its old domain's, and its test clients' (ptb., canary.). */
export const DISCORD_WEBHOOK_HOSTS = [
  'discord.com',
  'ptb.discord.com',
  'canary.discord.com',
  'discordapp.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
] as const;

const DISCORD_WEBHOOK_PATH = /^\/api\/webhooks\/[^/]/;

/**
 * Whether a Discord channel may post to `value`: https on one of DISCORD_WEBHOOK_HOSTS (default
 * port), under /api/webhooks/. `alsoOrigin` is the origin of the operator's DISCORD_API_URL (a
 * stand-in when testing): a webhook URL there is taken too, whatever its scheme.
 */
export const isDiscordWebhookUrl = (value: string, alsoOrigin?: string): boolean => {
  const parsed = httpUrl(value.trim());
  if (!parsed || parsed.username || parsed.password || !DISCORD_WEBHOOK_PATH.test(parsed.pathname))
    return false;
  if (alsoOrigin && parsed.origin === alsoOrigin) return true;
  return (
    parsed.protocol === 'https:' &&
    parsed.port === '' &&
    (DISCORD_WEBHOOK_HOSTS as readonly string[]).includes(parsed.hostname)
  );
};

/** Discord and generic webhooks are posted to a URL; e-mail and the panel's bell need none. */
export const channelNeedsUrl = (type: AlertChannelType): boolean => type === 'discord' || type === 'webhook';

const nameSchema = text(ALERT_CHANNEL_MESSAGES.nameRequired)
  .trim()
  .min(1, first(ALERT_CHANNEL_MESSAGES.nameRequired))
  .max(channelName, first(ALERT_CHANNEL_MESSAGES.nameTooLong));
const emailsSchema = z
  .array(
    z
      .string({ error: ALERT_CHANNEL_MESSAGES.emails })
      .trim()
      .max(254, { error: ALERT_CHANNEL_MESSAGES.emails })
      .regex(z.regexes.email, { error: ALERT_CHANNEL_MESSAGES.emails }),
    { error: ALERT_CHANNEL_MESSAGES.emails },
  )
  .max(emails, { error: ALERT_CHANNEL_MESSAGES.emailsTooMany })
  .optional();
const urlSchema = text(ALERT_CHANNEL_MESSAGES.urlRequired, ALERT_CHANNEL_MESSAGES.url)
  .trim()
  .min(1, first(ALERT_CHANNEL_MESSAGES.urlRequired))
  .max(url, first(ALERT_CHANNEL_MESSAGES.urlTooLong))
  .refine((value: string) => httpUrl(value) !== null, first(ALERT_CHANNEL_MESSAGES.url))
  .optional();

/** POST /api/networks/{id}/alert-channels (AlertChannelInput). */
export const createAlertChannelSchema = z.strictObject({
  type: z.enum(ALERT_CHANNEL_TYPES, { error: ALERT_CHANNEL_MESSAGES.type }),
  name: nameSchema,
  emails: emailsSchema,
  url: urlSchema,
  enabled: enabledField(ALERT_CHANNEL_MESSAGES.enabled),
});
export type CreateAlertChannelInput = z.output<typeof createAlertChannelSchema>;

/** PATCH /api/networks/{id}/alert-channels/{channelId}: the type stays (sent, it must be the channel's). */
export const updateAlertChannelSchema = patchBody(
  createAlertChannelSchema.partial({ type: true, name: true }),
  ALERT_CHANNEL_MESSAGES.nothingToChange,
);
export type UpdateAlertChannelInput = z.output<typeof updateAlertChannelSchema>;

/**
 * The URL a channel of `type` may not have (its message's key), or null: none where one is
 * needed, a Discord channel's URL that is not a Discord webhook (isDiscordWebhookUrl).
 */
export const channelUrlProblem = (
  type: AlertChannelType,
  url: string | null | undefined,
  discordOrigin?: string,
): 'urlRequired' | 'discordUrl' | null => {
  if (!channelNeedsUrl(type)) return null;
  if (!url) return 'urlRequired';
  return type === 'discord' && !isDiscordWebhookUrl(url, discordOrigin) ? 'discordUrl' : null;
};

/**
 * What the API answers a whole channel sent as `body` (POST's body), field by field: the body's
 * rules, then the URL its type needs. Empty when the API takes it, bar what only it knows (where
 * the URL leads, whether the network has its panel channel). The form leaves out `discordOrigin`
 * (Discord's own hosts only); the API passes its DISCORD_API_URL's origin.
 */
export const alertChannelErrors = (body: unknown, discordOrigin?: string): ApiErrorDetail[] => {
  const parsed = validateRequest(createAlertChannelSchema, body);
  if (!parsed.success) return parsed.details;
  const problem = channelUrlProblem(parsed.data.type, parsed.data.url, discordOrigin);
  return problem ? [{ field: 'url', message: ALERT_CHANNEL_MESSAGES[problem] }] : [];
};

// The alert history: GET /api/networks/{id}/alerts.

export const ALERTS_QUERY_MESSAGES = {
  state: `State must be one of ${ALERT_STATES.join(', ')}`,
  serverId: 'Server must be one of this network’s servers',
  cursor: 'Before must be the cursor of a previous page',
  limit: `Limit must be a whole number from 1 to ${ALERT_PAGE_MAX}`,
} as const;

/** AlertListQuery, and `before` as the other lists say it. Unknown keys are ignored. */
export const alertsQuerySchema = z.object({
  serverId: absentWhenEmpty(text(ALERTS_QUERY_MESSAGES.serverId).trim().max(36).optional()),
  state: absentWhenEmpty(z.enum(ALERT_STATES, { error: ALERTS_QUERY_MESSAGES.state }).optional()),
  before: keysetCursorSchema(ALERTS_QUERY_MESSAGES.cursor),
  /** The same as `before` (AlertListQuery names it so). */
  cursor: keysetCursorSchema(ALERTS_QUERY_MESSAGES.cursor),
  limit: queryNumber(1, ALERT_PAGE_MAX, ALERTS_QUERY_MESSAGES.limit, ALERT_PAGE_DEFAULT),
});
export type AlertsQueryInput = z.output<typeof alertsQuerySchema>;
