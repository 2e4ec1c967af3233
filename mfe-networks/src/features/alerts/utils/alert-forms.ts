// The rule and channel forms' values, judged before anything is sent by the API's own rules and
// messages (@outpost/validation), and the API's 400 messages put beside the field they name.
import type {
  AlertChannel,
  AlertChannelInput,
  AlertChannelType,
  AlertRule,
  AlertRuleInput,
  AlertRuleKind,
  ApiErrorDetail,
} from '@outpost/contracts';
import {
  alertChannelErrors,
  alertRuleErrors,
  channelNeedsUrl,
  isNetworkWideKind,
  isThresholdKind,
  messagesByField,
  numberInput,
} from '@outpost/validation';

export type FieldErrors = Partial<Record<string, string>>;

/** Words in a list typed one per line or separated by commas or spaces. */
export const splitList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((word) => word.trim())
    .filter(Boolean);

/** Each field's message beside its control ("steamIds.3" is the steamIds field); the first wins. */
const byField = (details: readonly ApiErrorDetail[]): FieldErrors => messagesByField(details, 1);

/** Where a rule's alerts go: every channel of the network, or the ones ticked. */
export type RuleSendTo = 'all' | 'chosen';

export type RuleFormValues = {
  kind: AlertRuleKind;
  /** '' for every server of the network. */
  serverId: string;
  threshold: string;
  minutes: string;
  steamIds: string;
  sendTo: RuleSendTo;
  /** The channels ticked (sent only when sendTo is 'chosen'). */
  channelIds: string[];
};

export const ruleFormValues = (rule: AlertRule | null, serverId: string | null): RuleFormValues => ({
  kind: rule?.kind ?? 'server_offline',
  serverId: rule ? (rule.serverId ?? '') : (serverId ?? ''),
  threshold: rule?.threshold === null || rule?.threshold === undefined ? '' : String(rule.threshold),
  minutes: rule?.minutes === null || rule?.minutes === undefined ? '5' : String(rule.minutes),
  steamIds: rule?.steamIds.join('\n') ?? '',
  sendTo: rule?.channelIds ? 'chosen' : 'all',
  channelIds: rule?.channelIds ?? [],
});

/** The request for the API, or the fields that are wrong, in the words the API would use. */
export const checkRuleForm = (
  values: RuleFormValues,
): { ok: true; rule: AlertRuleInput } | { ok: false; errors: FieldErrors } => {
  // A new member is news for the whole network: such a rule has no server.
  const body: Record<string, unknown> = {
    kind: values.kind,
    serverId: isNetworkWideKind(values.kind) ? null : values.serverId || null,
    channelIds: values.sendTo === 'all' ? null : values.channelIds,
  };
  if (isThresholdKind(values.kind)) {
    body.threshold = numberInput(values.threshold);
    body.minutes = numberInput(values.minutes);
  }
  if (values.kind === 'player_joins') body.steamIds = [...new Set(splitList(values.steamIds))];
  const errors = byField(alertRuleErrors(body));
  // The body passed the API's own schema, so it is an AlertRuleInput.
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rule: body as AlertRuleInput };
};

export type ChannelFormValues = { type: AlertChannelType; name: string; emails: string; url: string };

export const channelFormValues = (channel: AlertChannel | null): ChannelFormValues => ({
  type: channel?.type ?? 'email',
  name: channel?.name ?? '',
  emails: channel?.emails.join('\n') ?? '',
  url: channel?.url ?? '',
});

export const checkChannelForm = (
  values: ChannelFormValues,
): { ok: true; channel: AlertChannelInput } | { ok: false; errors: FieldErrors } => {
  const channel: AlertChannelInput = { type: values.type, name: values.name.trim() };
  if (values.type === 'email') channel.emails = [...new Set(splitList(values.emails))];
  if (channelNeedsUrl(values.type)) channel.url = values.url.trim();
  const errors = byField(alertChannelErrors(channel));
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, channel };
};

/** The API's 400 details by field, so each message shows beside its own control. */
export const apiFieldErrors = (error: unknown): FieldErrors =>
  byField((error as { details?: ApiErrorDetail[] } | undefined)?.details ?? []);
