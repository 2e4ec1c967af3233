// The automation dialog's values, the request they make, and what is wrong with it in the API's
// own words: the body is judged by @outpost/validation's automationSchema before anything is sent,
// and the API's 400 details land beside the same fields.
import type {
  ApiErrorDetail,
  Automation,
  AutomationAction,
  AutomationActionType,
  AutomationEvent,
  AutomationInput,
  AutomationTrigger,
  BanScopeChoice,
  ChatChannel,
} from '@outpost/contracts';
import { automationSchema, messagesByField, numberInput, requestErrors } from '@outpost/validation';

export type FieldErrors = Partial<Record<string, string>>;

/** The events about no player (a count, a server's status): they cannot be limited to watched players. */
const PLAYERLESS_EVENTS: readonly AutomationEvent[] = ['players.count', 'server.offline', 'server.online'];

/** Whether the event is about a player, who can be on the watch list or not. */
export const isPlayerEvent = (event: AutomationEvent): boolean => !PLAYERLESS_EVENTS.includes(event);

/** The field an action's text goes to, by its type (an alert's message is optional). */
export const ACTION_TEXT_FIELDS = {
  console: 'command',
  broadcast: 'message',
  kick: 'reason',
  warn: 'message',
  ban: 'reason',
  alert: 'message',
  discord: 'message',
  note: 'text',
} as const satisfies Record<AutomationActionType, string>;

export type ActionFormValues = {
  /** Keeps a row's inputs with it when the list is reordered. */
  key: number;
  type: AutomationActionType;
  /** The command, message, reason or note: whichever the type takes (ACTION_TEXT_FIELDS). */
  text: string;
  /** A ban's length; '' for a permanent ban. */
  durationMinutes: string;
  scope: BanScopeChoice;
  channelIds: string[];
  delaySeconds: string;
  continueOnFailure: boolean;
};

/** '' for either; 'true' or 'false' otherwise (a select's values). */
export type Tristate = '' | 'true' | 'false';

/** A trigger's event and filters as the form holds them: every event's, so a change of event keeps what was typed. */
type TriggerFormValues = {
  event: AutomationEvent;
  firstTime: Tristate;
  namePattern: string;
  pattern: string;
  channel: ChatChannel | '';
  category: string;
  count: string;
  windowMinutes: string;
  threshold: string;
  countDirection: 'above' | 'below';
  playerCount: string;
  /** The time-of-day window, when there is one. */
  between: boolean;
  betweenFrom: string;
  betweenTo: string;
  betweenTimezone: string;
  watched: Tristate;
  linked: Tristate;
};

export type AutomationFormValues = TriggerFormValues & {
  name: string;
  enabled: boolean;
  allServers: boolean;
  serverIds: string[];
  kind: Automation['kind'];
  cron: string;
  timezone: string;
  onlyWhenOnline: boolean;
  cooldownSeconds: string;
  perPlayerCooldownSeconds: string;
  actions: ActionFormValues[];
};

let lastKey = 0;
const nextKey = () => (lastKey += 1);

const text = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
const tristate = (value: boolean | null | undefined): Tristate =>
  value === true ? 'true' : value === false ? 'false' : '';
const fromTristate = (value: Tristate): boolean | null => (value === '' ? null : value === 'true');

export const newAction = (type: AutomationActionType = 'broadcast'): ActionFormValues => ({
  key: nextKey(),
  type,
  text: '',
  durationMinutes: '',
  scope: 'server',
  channelIds: [],
  delaySeconds: '0',
  continueOnFailure: false,
});

const actionValues = (action: AutomationAction): ActionFormValues => {
  const field = ACTION_TEXT_FIELDS[action.type];
  const fields = action as Partial<Record<typeof field, string>>;
  return {
    ...newAction(action.type),
    text: fields[field] ?? '',
    durationMinutes: action.type === 'ban' ? text(action.durationMinutes) : '',
    scope: action.type === 'ban' ? action.scope : 'server',
    channelIds: action.type === 'alert' ? [...action.channelIds] : [],
    delaySeconds: text(action.delaySeconds ?? 0),
    continueOnFailure: action.continueOnFailure ?? false,
  };
};

const triggerValues = (trigger: AutomationTrigger | null | undefined, zone: string): TriggerFormValues => {
  const filters = (trigger ?? {}) as Partial<{
    firstTime: boolean | null;
    namePattern: string | null;
    pattern: string;
    channel: ChatChannel | null;
    category: string | null;
    count: number | null;
    windowMinutes: number | null;
    threshold: number;
    above: number | null;
    below: number | null;
  }>;
  const below = typeof filters.below === 'number';
  return {
    event: trigger?.event ?? 'player.joined',
    firstTime: tristate(filters.firstTime),
    namePattern: filters.namePattern ?? '',
    pattern: filters.pattern ?? '',
    channel: filters.channel ?? '',
    category: filters.category ?? '',
    count: text(filters.count),
    windowMinutes: text(filters.windowMinutes),
    threshold: text(filters.threshold),
    countDirection: below ? 'below' : 'above',
    playerCount: text(below ? filters.below : filters.above),
    between: Boolean(trigger?.between),
    betweenFrom: trigger?.between?.from ?? '22:00',
    betweenTo: trigger?.between?.to ?? '06:00',
    betweenTimezone: trigger?.between?.timezone ?? zone,
    watched: tristate(trigger?.watched),
    linked: tristate(trigger?.linked),
  };
};

/**
 * The form for an automation (to edit it), a template (to start from it) or nothing (a new one
 * with one action). `zone` is the time zone a new schedule or time window starts in.
 */
export const automationFormValues = (input: AutomationInput | null, zone: string): AutomationFormValues => ({
  name: input?.name ?? '',
  enabled: input?.enabled ?? true,
  allServers: !input?.serverIds,
  serverIds: input?.serverIds ? [...input.serverIds] : [],
  kind: input?.trigger ? 'trigger' : 'schedule',
  cron: input?.schedule?.cron ?? '',
  timezone: input?.schedule?.timezone ?? zone,
  onlyWhenOnline: input?.schedule?.onlyWhenOnline ?? false,
  ...triggerValues(input?.trigger, zone),
  cooldownSeconds: text(input?.cooldownSeconds ?? 0),
  perPlayerCooldownSeconds: text(input?.perPlayerCooldownSeconds ?? 0),
  actions: input?.actions.length ? input.actions.map(actionValues) : [newAction()],
});

/**
 * A template's automation as a new one's form: its schedule and time window in `zone`, the zone
 * of the person filling it in (a template cannot know it).
 */
export const templateFormValues = (input: AutomationInput, zone: string): AutomationFormValues => {
  const values = automationFormValues(input, zone);
  return { ...values, timezone: zone, betweenTimezone: zone };
};

const actionBody = (action: ActionFormValues): Record<string, unknown> => {
  const body: Record<string, unknown> = {
    type: action.type,
    delaySeconds: numberInput(action.delaySeconds) ?? 0,
    continueOnFailure: action.continueOnFailure,
  };
  const field = ACTION_TEXT_FIELDS[action.type];
  if (action.type !== 'alert' || action.text.trim()) body[field] = action.text;
  if (action.type === 'ban') {
    body.durationMinutes = numberInput(action.durationMinutes);
    body.scope = action.scope;
  }
  if (action.type === 'alert') body.channelIds = action.channelIds;
  return body;
};

const triggerBody = (values: AutomationFormValues): Record<string, unknown> => {
  const conditions = {
    between: values.between
      ? { from: values.betweenFrom, to: values.betweenTo, timezone: values.betweenTimezone.trim() }
      : null,
    watched: isPlayerEvent(values.event) ? fromTristate(values.watched) : null,
    linked: isPlayerEvent(values.event) ? fromTristate(values.linked) : null,
  };
  const event = values.event;
  switch (event) {
    case 'player.joined':
      return {
        event,
        firstTime: fromTristate(values.firstTime),
        namePattern: values.namePattern || null,
        ...conditions,
      };
    case 'chat.message':
      return { event, pattern: values.pattern, channel: values.channel || null, ...conditions };
    case 'report.received':
      return {
        event,
        category: values.category.trim() || null,
        count: numberInput(values.count),
        windowMinutes: numberInput(values.windowMinutes),
        ...conditions,
      };
    case 'suspicious.score':
      return { event, threshold: numberInput(values.threshold), ...conditions };
    case 'players.count': {
      const count = numberInput(values.playerCount);
      return {
        event,
        above: values.countDirection === 'above' ? count : null,
        below: values.countDirection === 'below' ? count : null,
        ...conditions,
      };
    }
    default:
      return { event, ...conditions };
  }
};

/** The request the form makes: the whole automation, with the kind it is not set to null. */
export const automationBody = (values: AutomationFormValues): Record<string, unknown> => {
  const trigger = values.kind === 'trigger';
  return {
    name: values.name.trim(),
    enabled: values.enabled,
    serverIds: values.allServers ? null : values.serverIds,
    schedule: trigger
      ? null
      : { cron: values.cron.trim(), timezone: values.timezone.trim(), onlyWhenOnline: values.onlyWhenOnline },
    trigger: trigger ? triggerBody(values) : null,
    cooldownSeconds: numberInput(values.cooldownSeconds) ?? 0,
    // A schedule has no player to keep apart.
    perPlayerCooldownSeconds: trigger ? (numberInput(values.perPlayerCooldownSeconds) ?? 0) : 0,
    actions: values.actions.map(actionBody),
  };
};

/**
 * The control a detail's field is shown beside: an action's own field ("actions.2.command"), a
 * schedule's or trigger's ("trigger.between" for its from, to and zone), else the top field
 * ("serverIds" for "serverIds.3").
 */
export const fieldOf = (field: string): string => {
  const parts = field.split('.');
  const depth = parts[0] === 'actions' ? 3 : parts[0] === 'schedule' || parts[0] === 'trigger' ? 2 : 1;
  return parts.slice(0, depth).join('.');
};

/** Each field's first message, beside its control. */
export const errorsByField = (details: readonly ApiErrorDetail[]): FieldErrors =>
  messagesByField(details.map((detail) => ({ ...detail, field: fieldOf(detail.field) })));

/** The request for the API, or the fields that are wrong, in the words the API would use. */
export const checkAutomationForm = (
  values: AutomationFormValues,
): { ok: true; automation: AutomationInput } | { ok: false; errors: FieldErrors } => {
  const body = automationBody(values);
  const errors = errorsByField(requestErrors(automationSchema, body));
  // The body passed the API's own schema, so it is an AutomationInput.
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, automation: body as AutomationInput };
};

/** The API's 400 details by field, so each message shows beside its own control. */
export const apiFieldErrors = (error: unknown): FieldErrors =>
  errorsByField((error as { details?: ApiErrorDetail[] } | undefined)?.details ?? []);
