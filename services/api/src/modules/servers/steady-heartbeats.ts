import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { PreparedStatement } from '../../core/database';
import type { ReportedServerState } from './server-status';
import type { ServerToken } from './server-token';

/** What a steady heartbeat stores of its server (null keeps the stored value), found by its token. */
export type SteadyState = ReportedServerState & { token: ServerToken; at: Date | number };

/** Heartbeats stored by one statement at most; more wait for the next. */
const MAX_STEADY_BATCH = 32;

/** Groups stored at once: one on its way to the database while the next is being sent. */
const MAX_STEADY_IN_FLIGHT = 2;

const OPEN_COMMAND = ['pending', 'delivered'] as const;

type Row = { token_id: string; waiting: number | string };
type Pending = SteadyState & {
  done: (stored: boolean) => void;
  failed: (error: unknown) => void;
  /** Stored by a statement of its own: its group's statement failed (see flush). */
  alone?: boolean;
};

/**
 * The statement storing `size` steady heartbeats: each server's state (a field left out keeps its
 * value), for a token that still holds on a server still in the status its heartbeat reports (the
 * offline sweep has not been by), and how many commands wait for each.
 */
const statementFor = (size: number): PreparedStatement<Row> => {
  const row = (timestamp: string) =>
    `(?, ?, ?, cast(? as integer), cast(? as integer), ?, ?, cast(? as integer), ${timestamp})`;
  // VALUES names its columns column1, column2 ... in both databases.
  const update = `update servers set status = v.column3, player_count = v.column4,
      max_players = v.column5, map = coalesce(v.column6, servers.map),
      actual_name = coalesce(v.column7, servers.actual_name), uptime = coalesce(v.column8, servers.uptime),
      last_seen_at = v.column9`;
  const from = (timestamp: string) => `(values ${Array(size).fill(row(timestamp)).join(', ')}) as v`;
  const rest = `where servers.token_id = v.column1 and servers.token_hash = v.column2
      and servers.status = v.column3
    returning servers.token_id as token_id, (select count(*) from plugin_commands c
      where c.server_id = servers.id and c.status in (?, ?)) as waiting`;
  return new PreparedStatement<Row>(`${update} from ${from('?')} ${rest}`, {
    // Its commit does not wait for the disk (asynchronous commit, for this statement only): a
    // crash of the database may lose the last moments of the servers' last-seen times and uptimes,
    // which their next heartbeats write again, and nothing else.
    postgresql: `with async_commit as materialized (select set_config('synchronous_commit', 'off', true))
      ${update} from async_commit, ${from('cast(? as timestamptz)')} ${rest}`,
  });
};

/**
 * The steady path's writes, grouped: the heartbeats that reach it while the event loop runs one
 * turn, or while the previous group's statement runs, are stored by one statement (one commit,
 * each touched page written once), each learning whether it was stored with no command waiting
 * for its server. Under load many wait together; alone, a heartbeat waits for nothing but the end
 * of its own turn. One heartbeat's failure is its own: when a group's statement fails, each of
 * its heartbeats is tried again alone.
 */
@Injectable()
export class SteadyHeartbeats {
  private readonly statements = new Map<number, PreparedStatement<Row>>();
  /** An entity manager of its own: a statement never joins the transaction of the request that
   * happened to wake it up. */
  private readonly em: EntityManager;
  private pending: Pending[] = [];
  private scheduled = false;
  /** Statements running now: up to MAX_STEADY_IN_FLIGHT, so one waiting on the database does not
   * hold back the next group (a server is never in two: its heartbeats are applied one at a time). */
  private running = 0;

  constructor(em: EntityManager) {
    this.em = em.fork();
  }

  /**
   * Stores a steady heartbeat; answers true when it was stored and no command waits for its server,
   * false when its token or its server's status no longer holds, or a command waits.
   */
  store(state: SteadyState): Promise<boolean> {
    return new Promise((done, failed) => {
      this.pending.push({ ...state, done, failed });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= MAX_STEADY_IN_FLIGHT) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.running += 1;
    const batch = this.nextBatch();
    if (batch.length === 0) {
      this.running -= 1;
      return;
    }
    try {
      const rows = await this.statement(batch.length).rows(this.em, [
        ...batch.flatMap((entry) => [
          entry.token.tokenId,
          entry.token.secretHash,
          entry.status,
          entry.playerCount,
          entry.maxPlayers,
          entry.map,
          entry.actualName,
          entry.uptime,
          entry.at,
        ]),
        ...OPEN_COMMAND,
      ]);
      const waiting = new Map(rows.map((row) => [row.token_id, Number(row.waiting)]));
      for (const entry of batch) entry.done(waiting.get(entry.token.tokenId) === 0);
    } catch (error) {
      if (batch.length === 1) batch[0].failed(error);
      else this.pending.unshift(...batch.map((entry) => ({ ...entry, alone: true })));
    } finally {
      this.running -= 1;
      if (this.pending.length) this.schedule();
    }
  }

  /**
   * The heartbeats the next statement stores: one tried alone, or up to MAX_STEADY_BATCH of
   * different tokens (a second heartbeat of a token waits for the next statement).
   */
  private nextBatch(): Pending[] {
    if (this.pending[0]?.alone) return this.pending.splice(0, 1);
    const batch: Pending[] = [];
    const later: Pending[] = [];
    const tokens = new Set<string>();
    for (const entry of this.pending) {
      if (!entry.alone && batch.length < MAX_STEADY_BATCH && !tokens.has(entry.token.tokenId)) {
        tokens.add(entry.token.tokenId);
        batch.push(entry);
      } else later.push(entry);
    }
    this.pending = later;
    return batch;
  }

  private statement(size: number): PreparedStatement<Row> {
    let statement = this.statements.get(size);
    if (!statement) this.statements.set(size, (statement = statementFor(size)));
    return statement;
  }
}
