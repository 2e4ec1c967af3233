// Alerts: rules per network (optionally per server), the channels they reach, and the alerts they
// fired with each delivery's outcome. API: /api/networks/{networkId}/alert-rules,
// /api/networks/{networkId}/alert-channels, /api/networks/{networkId}/alerts, and the header's bell
// at /api/alerts/inbox. Owner and admin manage rules and channels (alerts.manage); every member
// reads the history.

export const ALERT_RULE_KINDS = [
  /** The server missed its heartbeats (MISSED_HEARTBEATS_BEFORE_OFFLINE). */
  'server_offline',
  /** The server reported again after being offline. */
  'server_online',
  /**
   * More than `threshold` players in every report for `minutes` minutes in a row, counted from
   * when the rule began watching (added, changed or turned on): see THRESHOLD_RULE_KINDS.
   */
  'players_above',
  /** Fewer than `threshold` players in every report for `minutes` minutes in a row. */
  'players_below',
  /** FPS below `threshold` in every report for `minutes` minutes in a row. */
  'fps_below',
  /** A player on the watch list (`steamIds`) joins. */
  'player_joins',
  /** Someone joins the network (an invite was accepted). */
  'member_joins',
  /** A player sent an F7 report. */
  'report_created',
] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

/** What an alert can be: a rule's incident, or an automation's message sent to chosen channels. */
export type AlertKind = AlertRuleKind | 'automation';

/**
 * Kinds that need `threshold` and `minutes`. Judged on the metrics' complete one-minute buckets:
 * a minute counts when every report in it was beyond the threshold (a minute without reports
 * breaks the run), and only minutes that began after the rule began watching count. The alert
 * fires when the last `minutes` complete minutes all count, and resolves when the latest complete
 * minute does not.
 */
export const THRESHOLD_RULE_KINDS = [
  'players_above',
  'players_below',
  'fps_below',
] as const satisfies readonly AlertRuleKind[];

export const ALERT_LIMITS = {
  threshold: { min: 0, max: 100_000 },
  minutes: { min: 1, max: 1440 },
  watchedPlayers: 500,
  url: 2048,
  channelName: 100,
  emails: 20,
  /** The channels one rule may name (null names none: every channel). */
  ruleChannels: 50,
} as const;

/**
 * After an alert resolves, the same rule firing again for the same server within this many
 * seconds reopens that alert instead of sending another: a flapping server sends one alert.
 */
export const ALERT_HOLD_DOWN_SECONDS = 300;

/** The generic webhook's sending time: unix seconds, the first part of what is signed. */
export const ALERT_TIMESTAMP_HEADER = 'X-Outpost-Timestamp';

/**
 * The generic webhook's signature header: hex HMAC-SHA256 of `<timestamp>.<raw body>` (the
 * timestamp as sent in ALERT_TIMESTAMP_HEADER) keyed by the channel's secret.
 */
export const ALERT_SIGNATURE_HEADER = 'X-Outpost-Signature';

/**
 * A receiver may refuse a webhook whose timestamp is further than this from its own clock (a
 * replay): each attempt, a retry included, is signed with the time it is sent.
 */
export const ALERT_SIGNATURE_MAX_AGE_SECONDS = 300;

export type AlertRule = {
  id: string;
  networkId: string;
  /** Null: every server of the network. */
  serverId: string | null;
  kind: AlertRuleKind;
  threshold: number | null;
  minutes: number | null;
  /** player_joins only: the watch list. */
  steamIds: string[];
  /**
   * The channels its alerts go to; null: every channel of the network (those added later too).
   * A deleted channel leaves the rules that named it; a rule left with none goes back to null.
   */
  channelIds: string[] | null;
  enabled: boolean;
  /** The network settings' toggles (Server offline alerts, New member joins) are these rules. */
  fromSettings: boolean;
  createdAt: string;
};

export type AlertRuleInput = {
  serverId?: string | null;
  kind: AlertRuleKind;
  threshold?: number | null;
  minutes?: number | null;
  steamIds?: string[];
  /** Null or absent: every channel of the network. */
  channelIds?: string[] | null;
  enabled?: boolean;
};

export const ALERT_CHANNEL_TYPES = ['email', 'discord', 'webhook', 'panel'] as const;
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number];

export type AlertChannel = {
  id: string;
  networkId: string;
  type: AlertChannelType;
  name: string;
  /** email: the addresses; empty means the network's owner and admins. */
  emails: string[];
  /** discord and webhook: the URL (shown to those who manage alerts only). */
  url: string | null;
  enabled: boolean;
  createdAt: string;
};

/** The answer to creating a generic webhook channel: its signing secret, shown this once. */
export type CreatedAlertChannel = AlertChannel & { secret?: string };

export type AlertChannelInput = {
  type: AlertChannelType;
  name: string;
  emails?: string[];
  url?: string;
  enabled?: boolean;
};

export const ALERT_STATES = ['firing', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export const ALERT_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type AlertDeliveryStatus = (typeof ALERT_DELIVERY_STATUSES)[number];

/** One message to one channel: the alert firing, resolving, or a channel's "Send test". */
export type AlertDelivery = {
  id: string;
  channelId: string;
  channelType: AlertChannelType;
  channelName: string;
  event: 'fired' | 'resolved' | 'test';
  status: AlertDeliveryStatus;
  attempts: number;
  /** Why the last attempt failed (e.g. "HTTP 500", "refused by the egress policy"). */
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};

export type Alert = {
  id: string;
  networkId: string;
  networkName: string;
  serverId: string | null;
  serverName: string | null;
  ruleId: string;
  kind: AlertKind;
  /** One line for a person, e.g. "EU Main is offline". */
  title: string;
  state: AlertState;
  firedAt: string;
  resolvedAt: string | null;
  /** How often it came back within the hold-down time (reopened without a new message). */
  flaps: number;
  deliveries: AlertDelivery[];
};

/** GET /api/alerts/inbox: the latest alerts of the user's networks for the header's bell. */
export type AlertInbox = { unread: number; alerts: Alert[] };

export const ALERT_PAGE_DEFAULT = 50;
export const ALERT_PAGE_MAX = 200;

/**
 * GET /api/networks/{networkId}/alerts?serverId=&state=&before=&limit=: newest first (by firedAt);
 * nextCursor: pass as `before` for the next (older) page; null when this page is the last.
 */
export type AlertsResponse = { alerts: Alert[]; nextCursor: string | null };

/**
 * GET /api/networks/{networkId}/alerts: newest first. serverId: that server's alerts only;
 * state: firing or resolved; cursor: the previous page's nextCursor (keyset).
 */
export type AlertListQuery = { serverId?: string; state?: AlertState; cursor?: string; limit?: number };
