// How the Automation tab names things: events, actions, the statuses of runs and of their actions
// (with the badge tone each gets), an automation's servers and what sets it off.
import type {
  Automation,
  AutomationActionStatus,
  AutomationActionType,
  AutomationEvent,
  AutomationRun,
  AutomationRunStatus,
  AutomationTrigger,
  Server,
} from '@outpost/contracts';
import { describeSchedule } from '@outpost/format';
import type { BadgeTone } from '@outpost/ui';

export const EVENT_LABELS: Record<AutomationEvent, string> = {
  'player.joined': 'A player joins',
  'player.left': 'A player leaves',
  'chat.message': 'A chat message matches',
  'report.received': 'An F7 report arrives',
  violation: 'An AntiHack violation',
  'suspicious.score': 'A suspicious score crosses a threshold',
  'players.count': 'The player count crosses a number',
  'server.offline': 'A server goes offline',
  'server.online': 'A server comes back online',
};

export const ACTION_TYPE_LABELS: Record<AutomationActionType, string> = {
  console: 'Console command',
  broadcast: 'Broadcast (say)',
  kick: 'Kick the player',
  warn: 'Warn the player',
  ban: 'Ban the player',
  alert: 'Send to alert channels',
  discord: 'Post to the Discord reports channel',
  note: 'Add a note to the player',
};

export const KIND_LABELS: Record<Automation['kind'], string> = { schedule: 'Schedule', trigger: 'Trigger' };

export const RUN_STATUS_LABELS: Record<AutomationRunStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped',
  missed: 'Missed',
};

export const RUN_STATUS_TONES: Record<AutomationRunStatus, BadgeTone> = {
  running: 'info',
  succeeded: 'success',
  failed: 'danger',
  skipped: 'neutral',
  missed: 'warning',
};

export const ACTION_STATUS_LABELS: Record<AutomationActionStatus, string> = {
  waiting: 'Waiting',
  pending: 'Pending',
  delivered: 'Delivered',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'Expired',
  skipped: 'Skipped',
};

export const ACTION_STATUS_TONES: Record<AutomationActionStatus, BadgeTone> = {
  waiting: 'neutral',
  pending: 'neutral',
  delivered: 'info',
  succeeded: 'success',
  failed: 'danger',
  expired: 'warning',
  skipped: 'neutral',
};

/** What started a run: its schedule, a person's "Run now", or the trigger's event. */
export const causeLabel = (cause: AutomationRun['cause']): string => {
  if (cause === 'schedule') return 'Schedule';
  if (cause === 'manual') return 'Run now';
  return EVENT_LABELS[cause];
};

/** "All servers", or the names of the chosen ones (an id the list no longer has, as such). */
export const serversText = (serverIds: readonly string[] | null, servers: readonly Server[]): string =>
  serverIds === null
    ? 'All servers'
    : serverIds
        .map((id) => servers.find((server) => server.id === id)?.name ?? 'A removed server')
        .join(', ');

/** A trigger's event with its filters, in words: "A chat message matches /!discord/ (global)". */
export const describeTrigger = (trigger: AutomationTrigger): string => {
  const base = EVENT_LABELS[trigger.event];
  switch (trigger.event) {
    case 'player.joined': {
      const who =
        trigger.firstTime === true ? ' for the first time' : trigger.firstTime === false ? ' again' : '';
      return `${base}${who}${trigger.namePattern ? `, name matching /${trigger.namePattern}/` : ''}`;
    }
    case 'chat.message':
      return `${base} /${trigger.pattern}/${trigger.channel ? ` (${trigger.channel})` : ''}`;
    case 'report.received': {
      const category = trigger.category ? ` (${trigger.category})` : '';
      const within = trigger.windowMinutes ? ` within ${trigger.windowMinutes} minutes` : '';
      const burst = trigger.count && trigger.count > 1 ? `: ${trigger.count} on one player${within}` : '';
      return `${base}${category}${burst}`;
    }
    case 'suspicious.score':
      return `${base} of ${trigger.threshold}`;
    case 'players.count':
      return typeof trigger.above === 'number'
        ? `The player count goes above ${trigger.above}`
        : `The player count goes below ${trigger.below ?? 0}`;
    default:
      return base;
  }
};

/** What sets an automation off, in words: its schedule read back, or its trigger. */
export const describeAutomation = (automation: Pick<Automation, 'schedule' | 'trigger'>): string => {
  if (automation.schedule)
    return (
      describeSchedule(automation.schedule.cron, automation.schedule.timezone) || automation.schedule.cron
    );
  return automation.trigger ? describeTrigger(automation.trigger) : '';
};

/** How long a run took: "0.4 s", "12 s", "3 min 5 s"; "running" until it ends. */
export const runDuration = (run: Pick<AutomationRun, 'startedAt' | 'finishedAt'>): string => {
  if (!run.finishedAt) return 'running';
  const ms = Math.max(0, new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime());
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
};
