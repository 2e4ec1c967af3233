// The rule and channel forms' values, their checks against the API's limits (ALERT_LIMITS) before
// anything is sent, and the API's own 400 messages put beside the field they name.
import {
  ALERT_LIMITS,
  type AlertChannel,
  type AlertChannelInput,
  type AlertChannelType,
  type AlertRule,
  type AlertRuleInput,
  type AlertRuleKind,
} from '@outpost/contracts';
import { validateEmail } from '@outpost/validation';
import { isNetworkWideKind, isThresholdKind } from './rule-labels';

export type FieldErrors = Partial<Record<string, string>>;

const count = (value: number) => value.toLocaleString('en');

export const ALERT_FORM_MESSAGES = {
  threshold: `Enter a number from ${count(ALERT_LIMITS.threshold.min)} to ${count(ALERT_LIMITS.threshold.max)}`,
  minutes: `Enter a whole number of minutes from ${count(ALERT_LIMITS.minutes.min)} to ${count(ALERT_LIMITS.minutes.max)}`,
  steamIdsRequired: 'Add at least one Steam ID to watch',
  steamIdsTooMany: `At most ${count(ALERT_LIMITS.watchedPlayers)} players can be watched`,
  steamIdInvalid: (id: string) => `${id} is not a SteamID64 (17 digits)`,
  nameRequired: 'Enter a name for the channel',
  nameTooLong: `Use ${count(ALERT_LIMITS.channelName)} characters or fewer`,
  emailsTooMany: `At most ${count(ALERT_LIMITS.emails)} addresses`,
  emailInvalid: (email: string) => `${email} is not a valid e-mail address`,
  urlRequired: 'Enter the webhook URL',
  urlScheme: 'The URL must start with http:// or https://',
  urlTooLong: `The URL must be ${count(ALERT_LIMITS.url)} characters or fewer`,
} as const;

/** Words in a list typed one per line or separated by commas or spaces. */
export const splitList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((word) => word.trim())
    .filter(Boolean);

const STEAM_ID = /^\d{17}$/;

type Limits = { min: number; max: number };

/** The number typed when it is one within the limits (a whole one when `whole`), else null. */
const numberIn = (text: string, { min, max }: Limits, whole: boolean): number | null => {
  if (!(whole ? /^\d+$/ : /^\d+(\.\d+)?$/).test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
};

export type RuleFormValues = {
  kind: AlertRuleKind;
  /** '' for every server of the network. */
  serverId: string;
  threshold: string;
  minutes: string;
  steamIds: string;
};

export const ruleFormValues = (rule: AlertRule | null, serverId: string | null): RuleFormValues => ({
  kind: rule?.kind ?? 'server_offline',
  serverId: rule ? (rule.serverId ?? '') : (serverId ?? ''),
  threshold: rule?.threshold === null || rule?.threshold === undefined ? '' : String(rule.threshold),
  minutes: rule?.minutes === null || rule?.minutes === undefined ? '5' : String(rule.minutes),
  steamIds: rule?.steamIds.join('\n') ?? '',
});

/** The request for the API, or the fields that are wrong. */
export const checkRuleForm = (
  values: RuleFormValues,
): { ok: true; rule: AlertRuleInput } | { ok: false; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  // A new member is news for the whole network: such a rule has no server.
  const rule: AlertRuleInput = {
    kind: values.kind,
    serverId: isNetworkWideKind(values.kind) ? null : values.serverId || null,
  };
  if (isThresholdKind(values.kind)) {
    const threshold = numberIn(values.threshold, ALERT_LIMITS.threshold, false);
    const minutes = numberIn(values.minutes, ALERT_LIMITS.minutes, true);
    if (threshold === null) errors.threshold = ALERT_FORM_MESSAGES.threshold;
    if (minutes === null) errors.minutes = ALERT_FORM_MESSAGES.minutes;
    Object.assign(rule, { threshold, minutes });
  }
  if (values.kind === 'player_joins') {
    const steamIds = [...new Set(splitList(values.steamIds))];
    const bad = steamIds.find((id) => !STEAM_ID.test(id));
    if (steamIds.length === 0) errors.steamIds = ALERT_FORM_MESSAGES.steamIdsRequired;
    else if (bad) errors.steamIds = ALERT_FORM_MESSAGES.steamIdInvalid(bad);
    else if (steamIds.length > ALERT_LIMITS.watchedPlayers)
      errors.steamIds = ALERT_FORM_MESSAGES.steamIdsTooMany;
    rule.steamIds = steamIds;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rule };
};

export type ChannelFormValues = { type: AlertChannelType; name: string; emails: string; url: string };

export const channelFormValues = (channel: AlertChannel | null): ChannelFormValues => ({
  type: channel?.type ?? 'email',
  name: channel?.name ?? '',
  emails: channel?.emails.join('\n') ?? '',
  url: channel?.url ?? '',
});

export const channelNeedsUrl = (type: AlertChannelType): boolean => type === 'discord' || type === 'webhook';

export const checkChannelForm = (
  values: ChannelFormValues,
): { ok: true; channel: AlertChannelInput } | { ok: false; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  const channel: AlertChannelInput = { type: values.type, name };
  if (!name) errors.name = ALERT_FORM_MESSAGES.nameRequired;
  else if (name.length > ALERT_LIMITS.channelName) errors.name = ALERT_FORM_MESSAGES.nameTooLong;
  if (values.type === 'email') {
    const emails = [...new Set(splitList(values.emails))];
    const bad = emails.find((email) => validateEmail(email) !== null);
    if (bad) errors.emails = ALERT_FORM_MESSAGES.emailInvalid(bad);
    else if (emails.length > ALERT_LIMITS.emails) errors.emails = ALERT_FORM_MESSAGES.emailsTooMany;
    channel.emails = emails;
  }
  if (channelNeedsUrl(values.type)) {
    const url = values.url.trim();
    if (!url) errors.url = ALERT_FORM_MESSAGES.urlRequired;
    else if (!/^https?:\/\/[^\s]+$/i.test(url)) errors.url = ALERT_FORM_MESSAGES.urlScheme;
    else if (url.length > ALERT_LIMITS.url) errors.url = ALERT_FORM_MESSAGES.urlTooLong;
    channel.url = url;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, channel };
};

/**
 * The API's 400 details by field ("steamIds.3" is the steamIds field), so each message shows
 * beside its own control; the first message per field wins.
 */
export const apiFieldErrors = (error: unknown): FieldErrors => {
  const details = (error as { details?: { field: string; message: string }[] } | undefined)?.details ?? [];
  const errors: FieldErrors = {};
  for (const { field, message } of details) {
    const key = field.split(/[.[]/)[0];
    errors[key] ??= message;
  }
  return errors;
};
