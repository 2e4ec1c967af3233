// Automation (Premium): a network's schedules and triggers, each running ordered actions through
// the paths a person uses (commands with their outcome, the one punishments path, alert channels).
// API: /api/networks/{networkId}/automations (+ /{automationId}, /run, /dry-run, /runs) and
// /api/networks/{networkId}/automation-templates. Owner and admin manage (automation.manage);
// moderators read the list and the runs (automation.view); members do not see it.

import type { ChatChannel } from './player-profile';

/** What a trigger listens for: things the panel already sees. */
export const AUTOMATION_EVENTS = [
  /** A player came online (firstTime: only their first time on this network, or only returning). */
  'player.joined',
  'player.left',
  /** A chat line matched `pattern` (optionally on one channel). */
  'chat.message',
  /** An F7 report arrived (optionally of one category; `count` reports on one player within `windowMinutes`). */
  'report.received',
  /** An AntiHack violation. */
  'violation',
  /** A player's suspicious score crossed `threshold`. */
  'suspicious.score',
  /** The player count went above `above` or below `below`. */
  'players.count',
  'server.offline',
  'server.online',
] as const;
export type AutomationEvent = (typeof AUTOMATION_EVENTS)[number];

export const AUTOMATION_ACTION_TYPES = [
  'console',
  'broadcast',
  'kick',
  'warn',
  'ban',
  'alert',
  'discord',
  'note',
] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

/** Actions about the player an event names: a schedule has no player, so it cannot use them. */
export const PLAYER_ACTION_TYPES = [
  'kick',
  'warn',
  'ban',
  'note',
] as const satisfies readonly AutomationActionType[];

export const AUTOMATION_LIMITS = {
  name: 100,
  /** A regex (name pattern, chat pattern): at most this many characters, and no catastrophic backtracking. */
  pattern: 200,
  actions: 20,
  /** Each action's delay after the one before it, in seconds. */
  delaySeconds: { min: 0, max: 900 },
  cooldownSeconds: { min: 0, max: 7 * 24 * 3600 },
  text: 500,
  command: 500,
  /** Actions a network runs in a minute; the excess is recorded as skipped. */
  actionsPerMinute: 60,
  /** A schedule run found this late (no panel was up at its time) still runs; later, it is missed. */
  lateRunMs: 5 * 60_000,
  /** Runs are kept this long. */
  runRetentionDays: 30,
  /** A dry run replays the server's logged events of this many hours. */
  dryRunHours: 24,
  reportCount: { min: 1, max: 100 },
  windowMinutes: { min: 1, max: 1440 },
  playerCount: { min: 0, max: 1000 },
  suspiciousThreshold: { min: 1, max: 100 },
} as const;

export type AutomationSchedule = {
  /** Five fields: minute hour day-of-month month day-of-week. */
  cron: string;
  /** An IANA time zone, e.g. Europe/Berlin. */
  timezone: string;
  /** Skip a server that is not online at the run's time. */
  onlyWhenOnline: boolean;
};

/** Conditions every trigger may add. */
export type TriggerConditions = {
  /** Only between these local times ("HH:MM", in `timezone`); from > to spans midnight. */
  between?: { from: string; to: string; timezone: string } | null;
  /** Only for players on (true) or off (false) the network's watch list. */
  watched?: boolean | null;
  /** Only for players who linked (true) or did not link (false) their Discord on this network. */
  linked?: boolean | null;
};

export type AutomationTrigger = TriggerConditions &
  (
    | { event: 'player.joined'; firstTime?: boolean | null; namePattern?: string | null }
    | { event: 'player.left' }
    | { event: 'chat.message'; pattern: string; channel?: ChatChannel | null }
    | {
        event: 'report.received';
        category?: string | null;
        count?: number | null;
        windowMinutes?: number | null;
      }
    | { event: 'violation' }
    | { event: 'suspicious.score'; threshold: number }
    | { event: 'players.count'; above?: number | null; below?: number | null }
    | { event: 'server.offline' }
    | { event: 'server.online' }
  );

export type BanScopeChoice = 'server' | 'network';

type ActionCommon = {
  /** Seconds after the previous action finished (or the run began), 0–900. */
  delaySeconds?: number;
  /** Go on with the next action when this one fails. */
  continueOnFailure?: boolean;
};

export type AutomationAction = ActionCommon &
  (
    | { type: 'console'; command: string }
    | { type: 'broadcast'; message: string }
    | { type: 'kick'; reason: string }
    | { type: 'warn'; message: string }
    | { type: 'ban'; reason: string; durationMinutes: number | null; scope: BanScopeChoice }
    | { type: 'alert'; channelIds: string[]; message?: string }
    /** A message posted by the panel's bot to the network's Discord reports channel. */
    | { type: 'discord'; message: string }
    | { type: 'note'; text: string }
  );

/** POST body (PATCH takes any part of it). Exactly one of schedule and trigger. */
export type AutomationInput = {
  name: string;
  enabled: boolean;
  /** Null: every server of the network. */
  serverIds: string[] | null;
  schedule?: AutomationSchedule | null;
  trigger?: AutomationTrigger | null;
  cooldownSeconds?: number;
  perPlayerCooldownSeconds?: number;
  actions: AutomationAction[];
};

export const AUTOMATION_RUN_STATUSES = [
  /** Claimed, its actions waiting for their time. */
  'running',
  'succeeded',
  /** An action failed and the run stopped there (or a later one failed and was allowed to). */
  'failed',
  /** Nothing ran: the network's action budget was spent, the server offline, a cooldown held. */
  'skipped',
  /** Due while no panel was up, found more than 5 minutes late. */
  'missed',
] as const;
export type AutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

export const AUTOMATION_ACTION_STATUSES = [
  /** Waiting for its delay or for the action before it. */
  'waiting',
  /** Sent to the game server, not yet picked up (commands). */
  'pending',
  /** The game server picked it up. */
  'delivered',
  'succeeded',
  'failed',
  /** The game server did not take it in time. */
  'expired',
  /** Not run: an earlier action failed, or the network's budget was spent. */
  'skipped',
] as const;
export type AutomationActionStatus = (typeof AUTOMATION_ACTION_STATUSES)[number];

export type AutomationRunAction = {
  position: number;
  type: AutomationActionType;
  status: AutomationActionStatus;
  /** What it sent (the command, the message, the ban's reason), variables filled in. */
  sent: string | null;
  /** Why it failed or was skipped; a command's output. */
  detail: string | null;
  /** The command it queued, when it is one (its status is the command's own). */
  commandId: string | null;
  dueAt: string;
  finishedAt: string | null;
};

export type AutomationRun = {
  id: string;
  automationId: string;
  automationName: string;
  serverId: string | null;
  serverName: string | null;
  /** 'schedule', 'manual' (Run now), or the trigger's event. */
  cause: 'schedule' | 'manual' | AutomationEvent;
  /** What fired it, in words ("Rusty said !discord"), and the player it is about. */
  summary: string;
  steamId: string | null;
  status: AutomationRunStatus;
  reason: string | null;
  /** The time it was due (a schedule) or the event's time. */
  dueAt: string;
  startedAt: string;
  finishedAt: string | null;
  actions: AutomationRunAction[];
};

export type Automation = AutomationInput & {
  id: string;
  networkId: string;
  kind: 'schedule' | 'trigger';
  cooldownSeconds: number;
  perPlayerCooldownSeconds: number;
  /** Schedules: the next time it is due (null when disabled). */
  nextRunAt: string | null;
  lastRun: Pick<AutomationRun, 'id' | 'status' | 'startedAt' | 'finishedAt'> | null;
  createdAt: string;
  updatedAt: string;
};

export type AutomationRunsPage = { runs: AutomationRun[]; nextCursor: string | null };

/** POST .../run: the run it started. */
export type RunAutomationResponse = { runId: string };

/** One event of the last 24 h that would have fired the trigger, and what each action would have sent. */
export type DryRunMatch = {
  at: string;
  serverId: string;
  serverName: string;
  summary: string;
  steamId: string | null;
  actions: { position: number; type: AutomationActionType; sent: string }[];
};

export type DryRunResponse = {
  /** The events replayed (of the kind the trigger listens for). */
  examined: number;
  matches: DryRunMatch[];
  /** Whether events of this kind are not logged, so nothing can be replayed (e.g. player counts). */
  replayable: boolean;
};

export type AutomationTemplate = {
  id: string;
  name: string;
  description: string;
  automation: AutomationInput;
};

/** The variables text fields may use, with what each stands for. */
export const AUTOMATION_VARIABLES = {
  '{player.name}': "The player's name",
  '{player.steamId}': "The player's SteamID64",
  '{server.name}': "The server's name",
  '{match.1}': 'The pattern’s first group ({match.0} the whole match, up to {match.9})',
  '{count}': 'The count the trigger saw (reports, players)',
} as const;
