import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type {
  AutomationAction,
  AutomationActionStatus,
  AutomationActionType,
  AutomationEvent,
  AutomationRun,
  AutomationRunStatus,
  AutomationSchedule,
  AutomationTrigger,
} from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

/** A network's schedule or trigger and its ordered actions. Deleted with its network. */
@Entity({ tableName: 'automations' })
export class AutomationRecord {
  [OptionalProps]?:
    | 'id'
    | 'enabled'
    | 'triggerEvent'
    | 'serverIds'
    | 'schedule'
    | 'trigger'
    | 'cooldownSeconds'
    | 'perPlayerCooldownSeconds'
    | 'nextRunAt'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  @Property({ type: 'string', length: 16 })
  kind!: 'schedule' | 'trigger';

  /** The trigger's event, kept apart so the listeners find their automations by it. */
  @Property({ type: 'string', length: 32, nullable: true })
  triggerEvent: AutomationEvent | null = null;

  /** Null: every server of the network. */
  @Property({ type: JsonTextType, columnType: 'text', nullable: true })
  serverIds: string[] | null = null;

  @Property({ type: JsonTextType, columnType: 'text', nullable: true })
  schedule: AutomationSchedule | null = null;

  @Property({ type: JsonTextType, columnType: 'text', nullable: true })
  trigger: AutomationTrigger | null = null;

  @Property({ type: 'integer' })
  cooldownSeconds: number = 0;

  @Property({ type: 'integer' })
  perPlayerCooldownSeconds: number = 0;

  @Property({ type: JsonTextType, columnType: 'text' })
  actions!: AutomationAction[];

  /** Schedules: the occurrence due next; the leader moves it on (compare-and-set) once its runs are in. */
  @Property({ type: 'Date', nullable: true })
  nextRunAt: Date | null = null;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}

/** What a run's text fields may name: filled in when an action is sent. */
export type RunContext = {
  player?: { name: string; steamId: string };
  server?: { name: string };
  match?: string[];
  count?: number;
};

/** One run of an automation: one per automation and occurrence (unique), so it runs once. */
@Entity({ tableName: 'automation_runs' })
export class AutomationRunRecord {
  [OptionalProps]?: 'id' | 'serverId' | 'serverName' | 'steamId' | 'reason' | 'finishedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'string', length: 36 })
  automationId!: string;

  @Property({ type: 'string', length: 100 })
  automationName!: string;

  @Property({ type: 'string', length: 36, nullable: true })
  serverId: string | null = null;

  @Property({ type: 'string', length: 300, nullable: true })
  serverName: string | null = null;

  @Property({ type: 'string', length: 32 })
  cause!: AutomationRun['cause'];

  /** What makes this run the only one of its kind: a schedule's time and server, an event's id. */
  @Property({ type: 'string', length: 200 })
  occurrence!: string;

  @Property({ type: 'string', length: 500 })
  summary!: string;

  @Property({ type: 'string', length: 20, nullable: true })
  steamId: string | null = null;

  @Property({ type: JsonTextType, columnType: 'text' })
  context!: RunContext;

  @Property({ type: 'string', length: 16 })
  status!: AutomationRunStatus;

  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  @Property({ type: 'Date' })
  dueAt!: Date;

  @Property({ type: 'Date' })
  startedAt!: Date;

  @Property({ type: 'Date', nullable: true })
  finishedAt: Date | null = null;
}

/** One action of a run, in order, with its own outcome. */
@Entity({ tableName: 'automation_run_actions' })
export class AutomationRunActionRecord {
  [OptionalProps]?:
    | 'id'
    | 'delaySeconds'
    | 'continueOnFailure'
    | 'dueAt'
    | 'sent'
    | 'detail'
    | 'commandId'
    | 'refs'
    | 'startedAt'
    | 'finishedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 36 })
  runId!: string;

  @Property({ type: 'string', length: 36 })
  networkId!: string;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'string', length: 16 })
  type!: AutomationActionType;

  /** The action as the automation said when the run began (a later edit changes later runs only). */
  @Property({ type: JsonTextType, columnType: 'text' })
  spec!: AutomationAction;

  @Property({ type: 'string', length: 16 })
  status!: AutomationActionStatus;

  @Property({ type: 'integer' })
  delaySeconds: number = 0;

  @Property({ type: 'boolean' })
  continueOnFailure: boolean = false;

  /** When it is to be sent: set once the action before it has its outcome (or at the run's start). */
  @Property({ type: 'Date', nullable: true })
  dueAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  sent: string | null = null;

  @Property({ type: 'text', nullable: true })
  detail: string | null = null;

  /** The command it queued (console, broadcast, kick, warn, ban): its status is the command's. */
  @Property({ type: 'string', length: 36, nullable: true })
  commandId: string | null = null;

  /** Other things it made: the alert deliveries, the punishment. */
  @Property({ type: JsonTextType, columnType: 'text' })
  refs: string[] = [];

  @Property({ type: 'Date', nullable: true })
  startedAt: Date | null = null;

  @Property({ type: 'Date', nullable: true })
  finishedAt: Date | null = null;
}
