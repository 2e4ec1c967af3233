import type { Automation, AutomationRun, AutomationRunAction } from '@outpost/contracts';
import type { AutomationRecord, AutomationRunActionRecord, AutomationRunRecord } from './automation.entity';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const toRunDto = (
  run: AutomationRunRecord,
  actions: readonly AutomationRunActionRecord[],
): AutomationRun => ({
  id: run.id,
  automationId: run.automationId,
  automationName: run.automationName,
  serverId: run.serverId,
  serverName: run.serverName,
  cause: run.cause,
  summary: run.summary,
  steamId: run.steamId,
  status: run.status,
  reason: run.reason,
  dueAt: run.dueAt.toISOString(),
  startedAt: run.startedAt.toISOString(),
  finishedAt: iso(run.finishedAt),
  actions: [...actions]
    .sort((a, b) => a.position - b.position)
    .map((action): AutomationRunAction => ({
      position: action.position,
      type: action.type,
      status: action.status,
      sent: action.sent,
      detail: action.detail,
      commandId: action.commandId,
      dueAt: (action.dueAt ?? action.startedAt ?? run.startedAt).toISOString(),
      finishedAt: iso(action.finishedAt),
    })),
});

/** The automation as a body would say it (what a PATCH is merged into). */
export const inputOf = (automation: AutomationRecord) => ({
  name: automation.name,
  enabled: automation.enabled,
  serverIds: automation.serverIds,
  schedule: automation.schedule,
  trigger: automation.trigger,
  cooldownSeconds: automation.cooldownSeconds,
  perPlayerCooldownSeconds: automation.perPlayerCooldownSeconds,
  actions: automation.actions,
});

export const toAutomationDto = (
  automation: AutomationRecord,
  lastRun: AutomationRunRecord | null,
): Automation => ({
  id: automation.id,
  networkId: automation.networkId,
  kind: automation.kind,
  ...inputOf(automation),
  nextRunAt: automation.enabled ? iso(automation.nextRunAt) : null,
  lastRun: lastRun
    ? {
        id: lastRun.id,
        status: lastRun.status,
        startedAt: lastRun.startedAt.toISOString(),
        finishedAt: iso(lastRun.finishedAt),
      }
    : null,
  createdAt: automation.createdAt.toISOString(),
  updatedAt: automation.updatedAt.toISOString(),
});
