import { knex, type Knex } from '@mikro-orm/postgresql';
import { LeaderLease, type LeaderCheck, type LeaderHold } from './leadership-lease';

/** The lock's two keys: "OUTP" and 1 (advisory locks are per database: one lock per panel). */
const LOCK_KEYS = [0x4f555450, 1] as const;
/** Where a leader that lets go tells the others (LISTEN/NOTIFY, per database too). */
const RELEASED_CHANNEL = 'outpost_leader_released';
/** A session that does not answer in this time counts as gone (a stalled link). */
const QUERY_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 2_000;

/** The part of a node-postgres client this uses (knex's raw connection). */
type PgSession = {
  query(config: { text: string; values?: unknown[]; query_timeout?: number }): Promise<{
    rows: Record<string, unknown>[];
  }>;
  on(event: 'error' | 'end', listener: () => void): unknown;
  on(event: 'notification', listener: (message: { channel: string }) => void): unknown;
  end(): Promise<void>;
  connection?: { stream?: { destroy(): void } };
};

/**
 * PostgreSQL without Redis: the leader holds a session-level advisory lock
 * (pg_try_advisory_lock) on a connection of its own, kept open as long as it leads. The lock
 * goes with the session, so a leader that dies (or whose connection breaks) frees it, and another
 * instance takes it at its next try. Each instance keeps its session open between tries and
 * LISTENs on it, so a leader shutting down nudges the others at once.
 */
export class AdvisoryLockLease extends LeaderLease {
  readonly kind = 'PostgreSQL advisory lock';
  private readonly db: Knex;
  private session: Promise<PgSession> | null = null;
  /** The session open now (its events about an older one are ignored). */
  private current: PgSession | null = null;
  private holding = false;
  private events: { lost: () => void; nudged: () => void } = {
    lost: () => undefined,
    nudged: () => undefined,
  };

  /** `instanceId` names the session in pg_stat_activity, so an operator sees which instance leads. */
  constructor(url: string, instanceId: string) {
    super();
    // No pool: one session, opened and closed by hand (knex only makes the client).
    this.db = knex({
      client: 'pg',
      connection: {
        connectionString: url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        application_name: `outpost leadership ${instanceId}`,
      },
    });
  }

  async acquire(): Promise<LeaderHold | null> {
    try {
      const session = await this.open();
      const { rows } = await session.query({
        text: 'select pg_try_advisory_lock($1, $2) as held, pg_backend_pid() as pid',
        values: [...LOCK_KEYS],
        query_timeout: QUERY_TIMEOUT_MS,
      });
      this.holding = rows[0]?.held === true;
      return this.holding ? { token: Number(rows[0].pid), validUntil: Infinity } : null;
    } catch {
      this.drop();
      return null;
    }
  }

  async renew(): Promise<LeaderCheck> {
    if (!this.holding || !this.session) return 'lost';
    try {
      // The lock lives as long as the session: a session that answers still holds it.
      const session = await this.session;
      const { rows } = await session.query({
        text: 'select pg_backend_pid() as pid',
        query_timeout: QUERY_TIMEOUT_MS,
      });
      return { token: Number(rows[0]?.pid), validUntil: Infinity };
    } catch {
      this.drop();
      return 'lost';
    }
  }

  async release(): Promise<void> {
    if (!this.holding || !this.session) return;
    this.holding = false;
    try {
      const session = await this.session;
      await session.query({
        text: 'select pg_advisory_unlock($1, $2)',
        values: [...LOCK_KEYS],
        query_timeout: QUERY_TIMEOUT_MS,
      });
      await session.query({ text: `notify ${RELEASED_CHANNEL}`, query_timeout: QUERY_TIMEOUT_MS });
    } catch {
      // Closing the session frees the lock all the same.
      this.drop();
    }
  }

  watch(events: { lost: () => void; nudged: () => void }): void {
    this.events = events;
  }

  async close(): Promise<void> {
    const session = this.session;
    this.session = null;
    this.current = null;
    this.holding = false;
    if (session) {
      const opened = await session.catch(() => null);
      if (opened) await closeSession(opened);
    }
    await this.db.destroy();
  }

  private open(): Promise<PgSession> {
    this.session ??= this.connect();
    return this.session;
  }

  private async connect(): Promise<PgSession> {
    const client = this.db.client as { acquireRawConnection(): Promise<PgSession> };
    const session = await client.acquireRawConnection();
    this.current = session;
    const gone = () => {
      if (this.current !== session) return;
      const held = this.holding;
      this.drop();
      if (held) this.events.lost();
    };
    session.on('error', gone);
    session.on('end', gone);
    session.on('notification', (message) => {
      if (message.channel === RELEASED_CHANNEL && !this.holding) this.events.nudged();
    });
    try {
      await session.query({ text: `listen ${RELEASED_CHANNEL}`, query_timeout: QUERY_TIMEOUT_MS });
    } catch (error) {
      await closeSession(session);
      throw error;
    }
    return session;
  }

  /** Forgets the session (and the lock with it); the next try opens another. */
  private drop(): void {
    const session = this.session;
    this.session = null;
    this.current = null;
    this.holding = false;
    void session?.then(closeSession, () => undefined);
  }
}

/** Ends a session, cutting its socket if it does not end soon (a stalled link). */
const closeSession = async (session: PgSession): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      session.connection?.stream?.destroy();
      resolve();
    }, QUERY_TIMEOUT_MS);
  });
  await Promise.race([session.end().catch(() => undefined), cut]);
  clearTimeout(timer);
};
