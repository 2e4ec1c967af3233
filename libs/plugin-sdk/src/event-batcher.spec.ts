import type { PluginEvent } from '@outpost/contracts';
import { errorOf, PluginUnavailableError } from './errors';
import { PluginEventBatcher, type PluginEventBatcherOptions } from './event-batcher';

const chat = (n: number): PluginEvent => ({
  id: `e${n}`,
  at: '2026-11-25T12:00:00.000Z',
  type: 'chat',
  steamId: '76561198000000001',
  message: `line ${n}`,
});

const until = async (check: () => boolean): Promise<void> => {
  for (const deadline = Date.now() + 4_000; !check(); await new Promise((resolve) => setTimeout(resolve, 5)))
    if (Date.now() > deadline) throw new Error('timed out');
};

/**
 * A panel for the batcher to send to: it stores events once per id (as the panel does), and answers
 * each attempt with what `answer` gives (an error to throw, or nothing to take the batch).
 */
const panelThat = (answer: (batch: PluginEvent[], attempt: number) => unknown) => {
  const stored = new Map<string, PluginEvent>();
  const attempts: { ids: string[]; at: number }[] = [];
  const transport = {
    sendEvents: async (events: unknown[]) => {
      const batch = events as PluginEvent[];
      attempts.push({ ids: batch.map((e) => e.id), at: Date.now() });
      const failure = await answer(batch, attempts.length);
      if (failure) throw failure;
      let accepted = 0;
      for (const event of batch) if (!stored.has(event.id) && stored.set(event.id, event)) accepted += 1;
      return { accepted, duplicates: batch.length - accepted };
    },
  };
  return { transport, stored, attempts };
};

describe('PluginEventBatcher', () => {
  let batchers: PluginEventBatcher[];
  let logs: string[];
  const batcherFor = (
    transport: ReturnType<typeof panelThat>['transport'],
    maxQueued?: number,
    options: Partial<PluginEventBatcherOptions> = {},
  ) => {
    const batcher = new PluginEventBatcher({
      transport,
      log: (line) => logs.push(line),
      retryDelay: () => 10,
      maxQueued,
      ...options,
    });
    batchers.push(batcher);
    return batcher;
  };

  beforeEach(() => {
    batchers = [];
    logs = [];
  });
  afterEach(() => Promise.all(batchers.map((batcher) => batcher.stop())));

  it.each([
    ['a 503', errorOf(503, { error: 'The database is busy' }, null)],
    ['no answer', new PluginUnavailableError('The panel could not be reached', 0, 'NETWORK_ERROR')],
    ['a deadlock inside the API', new Error('deadlock detected')],
  ])('sends a batch again, same ids, after %s, until the panel takes it', async (_, failure) => {
    const panel = panelThat((_batch, attempt) => (attempt <= 2 ? failure : null));
    const batcher = batcherFor(panel.transport);
    batcher.push([1, 2, 3].map(chat));
    await until(() => panel.stored.size === 3);
    await batcher.flush();
    expect(panel.attempts.map((a) => a.ids)).toEqual([
      ['e1', 'e2', 'e3'],
      ['e1', 'e2', 'e3'],
      ['e1', 'e2', 'e3'],
    ]);
    expect(logs.join('\n')).not.toMatch(/dropped/);
  });

  it('counts a batch the panel stored before its answer was lost once', async () => {
    const panel = panelThat(() => null);
    let lost = 1;
    const transport = {
      sendEvents: async (events: unknown[]) => {
        const ack = await panel.transport.sendEvents(events);
        if (lost-- > 0) throw errorOf(502, {}, null);
        return ack;
      },
    };
    const batcher = batcherFor(transport);
    batcher.push([1, 2].map(chat));
    await until(() => panel.attempts.length === 2);
    await batcher.flush();
    expect([...panel.stored.keys()]).toEqual(['e1', 'e2']);
  });

  it("waits a 429's Retry-After before sending again", async () => {
    const panel = panelThat((_batch, attempt) =>
      attempt === 1 ? errorOf(429, { error: 'Too many requests' }, '0.3') : null,
    );
    const batcher = batcherFor(panel.transport);
    batcher.push([chat(1)]);
    await until(() => panel.stored.size === 1);
    await batcher.flush();
    expect(panel.attempts[1].at - panel.attempts[0].at).toBeGreaterThanOrEqual(290);
  });

  it('drops only the event the panel refuses (400) and delivers the rest of its batch', async () => {
    const panel = panelThat((batch) =>
      batch.some((e) => e.id === 'e4') ? errorOf(400, { error: 'events.3.message is too long' }, null) : null,
    );
    const batcher = batcherFor(panel.transport);
    batcher.push([1, 2, 3, 4, 5, 6, 7].map(chat));
    await until(() => panel.stored.size === 6);
    await batcher.flush();
    expect([...panel.stored.keys()].sort()).toEqual(['e1', 'e2', 'e3', 'e5', 'e6', 'e7']);
    expect(logs.filter((line) => /refused/.test(line))).toEqual([
      'the panel refused 1 events, dropped: events.3.message is too long',
    ]);
  });

  it('drops a batch the panel refuses for good (401), with its count, and goes on with the next', async () => {
    const panel = panelThat((batch) =>
      batch[0].id === 'e1' ? errorOf(401, { error: 'The server no longer exists' }, null) : null,
    );
    const batcher = batcherFor(panel.transport);
    batcher.push([1, 2].map(chat));
    batcher.push([chat(3)]);
    await until(() => panel.stored.size === 1);
    await batcher.flush();
    expect([...panel.stored.keys()]).toEqual(['e3']);
    expect(logs).toContain('the panel refused 2 events, dropped: The server no longer exists');
  });

  it('keeps at most maxQueued events waiting, dropping the oldest with a logged count', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const panel = panelThat(() => gate.then(() => null));
    const batcher = batcherFor(panel.transport, 5);
    batcher.push([chat(0)]);
    await until(() => panel.attempts.length === 1);
    batcher.push(Array.from({ length: 12 }, (_, n) => chat(n + 1)));
    expect(batcher.queued).toBe(5);
    release();
    await until(() => panel.stored.size === 6);
    await batcher.flush();
    expect([...panel.stored.keys()]).toEqual(['e0', 'e8', 'e9', 'e10', 'e11', 'e12']);
    expect(logs).toContain('more than 5 events waiting: dropped the 7 oldest undelivered events');
  });

  it('stops retrying when stopped', async () => {
    const panel = panelThat(() => errorOf(503, {}, null));
    const batcher = batcherFor(panel.transport);
    batcher.push([chat(1)]);
    await until(() => panel.attempts.length >= 2);
    await batcher.stop();
    const tried = panel.attempts.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(panel.attempts.length).toBe(tried);
  });
  it('with sendOnPush off, keeps events until flush, then sends them in order in batches of 500', async () => {
    const panel = panelThat(() => null);
    const batcher = batcherFor(panel.transport, undefined, { sendOnPush: false });
    for (let n = 0; n < 501; n += 1) batcher.push([chat(n)]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(panel.attempts).toHaveLength(0);
    await batcher.flush();
    expect(panel.attempts.map((a) => a.ids.length)).toEqual([500, 1]);
    expect(panel.attempts.flatMap((a) => a.ids)).toEqual(Array.from({ length: 501 }, (_, n) => `e${n}`));
  });

  it('gives an event its id and time when pushed, so a batch sent again is stored once', async () => {
    const panel = panelThat((_batch, attempt) => (attempt === 1 ? errorOf(502, {}, null) : null));
    const batcher = batcherFor(panel.transport, undefined, { sendOnPush: false });
    batcher.push([{ type: 'chat', steamId: '76561198000000001', message: 'no id yet' }]);
    await batcher.flush();
    const [first, second] = panel.attempts.map((a) => a.ids);
    expect(first).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(second).toEqual(first);
    expect([...panel.stored.values()]).toEqual([
      expect.objectContaining({ id: first[0], at: expect.any(String), message: 'no id yet' }),
    ]);
  });

  it('delivers what waits when stopped with time to flush', async () => {
    const panel = panelThat((_batch, attempt) => (attempt === 1 ? errorOf(503, {}, null) : null));
    const batcher = batcherFor(panel.transport, undefined, { sendOnPush: false });
    batcher.push([1, 2, 3].map(chat));
    await expect(batcher.stop(1_000)).resolves.toBe(0);
    expect([...panel.stored.keys()]).toEqual(['e1', 'e2', 'e3']);
  });

  it('stops flushing when its time is up, and says how many events are left', async () => {
    const panel = panelThat(() => errorOf(503, {}, null));
    const batcher = batcherFor(panel.transport);
    batcher.push([1, 2].map(chat));
    const started = Date.now();
    await expect(batcher.stop(200)).resolves.toBe(2);
    expect(Date.now() - started).toBeLessThan(1_000);
    const tried = panel.attempts.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(panel.attempts.length).toBe(tried);
  });

  it('with retryUnauthorized, keeps a batch through a 401 until the panel takes it', async () => {
    const panel = panelThat((_batch, attempt) =>
      attempt <= 2 ? errorOf(401, { error: 'Unknown server token' }, null) : null,
    );
    const batcher = batcherFor(panel.transport, undefined, { retryUnauthorized: true });
    batcher.push([1, 2].map(chat));
    await until(() => panel.stored.size === 2);
    await batcher.flush();
    expect(logs.join('\n')).not.toMatch(/dropped/);
    expect(logs).toContain('the panel is reachable again; sending the events that waited');
  });
});
