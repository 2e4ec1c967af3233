import type { MikroORM } from '@mikro-orm/core';
import { dialectOf, knexOf } from './sql';
import { DATABASE_TIMEOUTS, type QueryDeadline } from './orm-options';

type RawConnection = { query(sql: string): Promise<unknown> };
type KnexClient = {
  acquireConnection(): Promise<unknown>;
  acquireRawConnection(): Promise<RawConnection>;
  destroyRawConnection(connection: RawConnection): Promise<void>;
};

/** How long the probe of a database that seems not to answer may take (a local one: milliseconds). */
const PROBE_MS = 600;

const poolTimedOut = (error: unknown): boolean => error instanceof Error && error.name === 'KnexTimeoutError';

/** `select 1` on a connection of its own (outside the pool, which may be full): answered in time? */
const probeWith = (client: KnexClient) => async (): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_MS)));
  const asked = (async () => {
    const connection = await client.acquireRawConnection();
    try {
      await connection.query('select 1');
      return true;
    } finally {
      void client.destroyRawConnection(connection).catch(() => undefined);
    }
  })();
  asked.catch(() => undefined);
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * A database that answers is not away (PostgreSQL; SQLite's pool is one connection, and a busy
 * file is waited for by SQLite itself). A request that found every pooled connection busy for
 * acquireMs asks whether the database answered meanwhile (or answers a probe now): when it does,
 * the pool is only busy (other requests' statements, writes waiting for each other's locks), and
 * the request waits its turn again, up to waitMs in all; when it does not, the database is away
 * and the request fails (a 503). A statement that waits long is judged the same way (orm-options).
 */
export const waitWhileAnswering = (orm: MikroORM, deadline: QueryDeadline): void => {
  if (dialectOf(orm.em) !== 'postgresql') return;
  const client = knexOf(orm).client as KnexClient;
  deadline.probe = probeWith(client);
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = async () => {
    const started = Date.now();
    for (;;) {
      const asked = Date.now();
      try {
        return await acquire();
      } catch (error) {
        const more = Date.now() - started + DATABASE_TIMEOUTS.acquireMs <= DATABASE_TIMEOUTS.waitMs;
        if (!poolTimedOut(error) || !deadline.armed || !more || !(await deadline.answers(asked))) throw error;
      }
    }
  };
};
