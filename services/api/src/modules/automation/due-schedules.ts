import type { EntityManager } from '@mikro-orm/core';
import { dialectOf, knexIn } from '../../core/database';
import { GameServer } from '../servers';
import type { AutomationRecord } from './automation.entity';

/** Schedules read at one look, at most. */
export const LOOK = 20_000;
/** Schedules read by id with one statement (SQLite binds a few thousand values to one). */
const IDS_AT_ONCE = 2_000;

export type ServerOfRun = Pick<GameServer, 'id' | 'name' | 'status' | 'networkId'>;
/** What starting a schedule's occurrence reads of it. */
export type DueSchedule = Pick<
  AutomationRecord,
  'id' | 'networkId' | 'name' | 'enabled' | 'serverIds' | 'schedule' | 'actions' | 'nextRunAt'
> & {
  /** Its updated_at when read (ms): a schedule read before its time is taken as read while it matches. */
  version?: number;
};
/** A schedule's servers, from those read for its batch. */
export type ServersOf = (automation: DueSchedule) => ServerOfRun[];

/** A date as the database answers it: a number on SQLite, a Date (or text) on PostgreSQL. */
type DbDate = Date | number | string;
/** automations as the database answers it (JSON as text). */
type DueRow = {
  id: string;
  network_id: string;
  name: string;
  server_ids: string | null;
  schedule: string | null;
  actions: string;
  next_run_at: DbDate | null;
  updated_at: DbDate;
};
const parsed = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));
const timeOf = (value: DbDate | null): number | null => (value === null ? null : new Date(value).getTime());

const dueRows = (em: EntityManager, at: Date) =>
  knexIn(em)('automations')
    .where({ kind: 'schedule', enabled: true })
    .andWhere('next_run_at', '<=', em.getPlatform().processDateProperty(at) as Date | number);

/**
 * The enabled schedules due by `at` (or those of `ids` among them), oldest first, LOOK at most:
 * plain rows of the columns a run needs (the ORM's hydration of each cost more than starting its
 * run, bench/automation).
 */
async function readDue(em: EntityManager, at: Date, ids?: readonly string[]): Promise<DueSchedule[]> {
  const read = (only?: readonly string[]) => {
    const query = dueRows(em, at).select(
      'id',
      'network_id',
      'name',
      'server_ids',
      'schedule',
      'actions',
      'next_run_at',
      'updated_at',
    );
    if (only) query.whereIn('id', only);
    return query
      .orderBy([
        { column: 'next_run_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(LOOK) as Promise<DueRow[]>;
  };
  const rows: DueRow[] = [];
  if (!ids) rows.push(...(await read()));
  else
    for (let from = 0; from < ids.length; from += IDS_AT_ONCE)
      rows.push(...(await read(ids.slice(from, from + IDS_AT_ONCE))));
  return rows.map((row) => ({
    id: row.id,
    networkId: row.network_id,
    name: row.name,
    enabled: true,
    serverIds: parsed(row.server_ids),
    schedule: parsed(row.schedule),
    actions: parsed(row.actions) ?? [],
    nextRunAt: timeOf(row.next_run_at) === null ? null : new Date(timeOf(row.next_run_at)!),
    version: timeOf(row.updated_at) ?? 0,
  }));
}

/** Each schedule's servers (the ones it names, or every server of its network), read at once. */
async function readServersOf(em: EntityManager, automations: readonly DueSchedule[]): Promise<ServersOf> {
  const servers = await em.find(
    GameServer,
    { networkId: { $in: [...new Set(automations.map((automation) => automation.networkId))] } },
    {
      fields: ['id', 'name', 'status', 'networkId'],
      orderBy: { createdAt: 'asc', id: 'asc' },
    },
  );
  const byNetwork = new Map<string, ServerOfRun[]>();
  for (const server of servers) {
    const list = byNetwork.get(server.networkId) ?? [];
    list.push(server);
    byNetwork.set(server.networkId, list);
  }
  return (automation) => {
    const all = byNetwork.get(automation.networkId) ?? [];
    const named = automation.serverIds ? new Set(automation.serverIds) : null;
    return named ? all.filter((server) => named.has(server.id)) : all;
  };
}

/**
 * What tells whether the schedules due by a time are still those read: how many, and their
 * updated_at (the latest, and their sum within a day, which any one edit changes).
 */
type Fingerprint = { count: number; latest: number; sum: number };
const DAY_MS = 86_400_000;
const fingerprintOf = (schedules: readonly DueSchedule[]): Fingerprint => ({
  count: schedules.length,
  latest: Math.max(0, ...schedules.map(({ version }) => version ?? 0)),
  sum: schedules.reduce((sum, { version }) => sum + ((version ?? 0) % DAY_MS), 0),
});

/** The fingerprint of the schedules due by `at`, counted by the database (one row back). */
async function readFingerprint(em: EntityManager, at: Date): Promise<Fingerprint> {
  const ms =
    dialectOf(em) === 'postgresql' ? '(extract(epoch from updated_at) * 1000)::bigint' : 'updated_at';
  const [row]: { count: unknown; latest: unknown; sum: unknown }[] = await dueRows(em, at).select(
    knexIn(em).raw(`count(*) as count, max(${ms}) as latest, sum(${ms} % ${DAY_MS}) as sum`),
  );
  return { count: Number(row?.count ?? 0), latest: Number(row?.latest ?? 0), sum: Number(row?.sum ?? 0) };
}

/** The schedules due at a coming time, read before it: their rows and their servers. */
export type Prepared = {
  at: Date;
  schedules: Map<string, DueSchedule>;
  serversOf: ServersOf;
  fingerprint: Fingerprint;
};

/** Reads what will be due at `at` (the scheduler waits for that time meanwhile). */
async function prepareDue(em: EntityManager, at: Date): Promise<Prepared> {
  const schedules = await readDue(em, at);
  return {
    at,
    schedules: new Map(schedules.map((schedule) => [schedule.id, schedule])),
    serversOf: await readServersOf(em.fork(), schedules),
    fingerprint: fingerprintOf(schedules),
  };
}

/**
 * The schedules due by `at`, taking those read before their time as read when they have not
 * changed since: all of them when the database counts the same ones (one row back), else each
 * with the same updated_at and next_run_at, and reading the rest whole. Answers them with their
 * servers when all of them were read before (a server's name and status then as they were a
 * moment ago).
 */
async function readDueWith(
  em: EntityManager,
  at: Date,
  prepared: Prepared,
): Promise<{ due: DueSchedule[]; serversOf?: ServersOf }> {
  const now = await readFingerprint(em, at);
  const then = prepared.fingerprint;
  if (now.count === then.count && now.latest === then.latest && now.sum === then.sum)
    return { due: [...prepared.schedules.values()], serversOf: prepared.serversOf };
  const current: Pick<DueRow, 'id' | 'next_run_at' | 'updated_at'>[] = await dueRows(em, at)
    .select('id', 'next_run_at', 'updated_at')
    .orderBy([
      { column: 'next_run_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(LOOK);
  const due: DueSchedule[] = [];
  const changed: string[] = [];
  for (const row of current) {
    const read = prepared.schedules.get(row.id);
    if (
      read &&
      read.version === timeOf(row.updated_at) &&
      read.nextRunAt?.getTime() === timeOf(row.next_run_at)
    )
      due.push(read);
    else changed.push(row.id);
  }
  if (changed.length === 0) return { due, serversOf: prepared.serversOf };
  due.push(...(await readDue(em, at, changed)));
  return { due };
}

/**
 * How the scheduler reads what is due: the schedules due now, their servers, and what will be due
 * at a coming time, read before it (each read on a fresh context of `em`).
 */
export class DueSchedules {
  constructor(private readonly em: EntityManager) {}

  read(at: Date): Promise<DueSchedule[]> {
    return readDue(this.em.fork(), at);
  }

  serversOf(automations: readonly DueSchedule[]): Promise<ServersOf> {
    return readServersOf(this.em.fork(), automations);
  }

  prepare(at: Date): Promise<Prepared> {
    return prepareDue(this.em.fork(), at);
  }

  readWith(at: Date, prepared: Prepared): Promise<{ due: DueSchedule[]; serversOf?: ServersOf }> {
    return readDueWith(this.em.fork(), at, prepared);
  }
}
