import type { CreateServerResponse, LogsResponse } from '@outpost/contracts';
import { LogPurgeService } from '../src/modules/logs/log-purge.service';
import { advanceClock, createTestApp, signIn, type SignedIn, type TestApp } from './support';
import { countRows, createNetwork, expectStatus } from './support/crew';
import { addServer, pluginCall } from './support/plugin';

const DAY = 24 * 60 * 60 * 1000;

describe('log retention (LOG_RETENTION_DAYS)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let server: CreateServerResponse;
  let sequence = 0;
  let closed = false;
  /** Log lines the server reported this long ago. */
  const reportAged = async (ages: number[]) =>
    expectStatus(
      await pluginCall(t, server.token, 'events', {
        events: ages.map((age) => ({
          id: `aged-${++sequence}`,
          type: 'log',
          at: new Date(Date.now() - age).toISOString(),
          message: `${age / DAY} days old`,
        })),
      }),
      200,
    );
  const stored = () => countRows(t, 'server_events', { server_id: server.id });

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_RETENTION_DAYS: '7' } });
    owner = await signIn(t, { name: 'Olivia Owner' });
    const network = await createNetwork(owner);
    server = await addServer(owner, network.id, 'Aged');
  });
  afterEach(() => jest.useRealTimers());
  afterAll(async () => {
    if (!closed) await t.close();
  });

  it('deletes the events older than the retention, a batch per statement, and keeps the others', async () => {
    await reportAged([...Array.from({ length: 12 }, (_, i) => 8 * DAY + i * 60_000), 6 * DAY, DAY, 0]);
    const purge = t.app.get(LogPurgeService);
    expect(await purge.purge({ batchSize: 5, pauseMs: 0 })).toEqual({ deleted: 12, batches: 3 });
    expect(await stored()).toBe(3);
    const { entries } = expectStatus(await owner.agent.get(`/api/servers/${server.id}/logs`), 200).body
      .data as LogsResponse;
    expect(entries.map((entry) => 'message' in entry && entry.message)).toEqual([
      '0 days old',
      '1 days old',
      '6 days old',
    ]);
    // Nothing more to delete: one statement finds nothing.
    expect(await purge.purge({ batchSize: 5, pauseMs: 0 })).toEqual({ deleted: 0, batches: 1 });

    // A day and a half later the 6-day-old line has passed the 7 days.
    advanceClock(1.5 * DAY);
    expect(await purge.purge({ batchSize: 5, pauseMs: 0 })).toEqual({ deleted: 1, batches: 1 });
    expect(await stored()).toBe(2);
  });

  it('stops at the batch it is on when the app shuts down', async () => {
    await reportAged([9 * DAY, 10 * DAY, 11 * DAY]);
    const before = await stored();
    // One row a statement and a minute between statements: only shutting down ends it early.
    const purging = t.app.get(LogPurgeService).purge({ batchSize: 1, pauseMs: 60_000 });
    const started = Date.now();
    closed = true;
    await t.close();
    expect(await purging).toEqual({ deleted: 1, batches: 1 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(before).toBe(5);
  });
});
