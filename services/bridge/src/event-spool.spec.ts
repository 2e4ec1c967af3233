import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PluginEvent } from '@outpost/plugin-sdk';
import { EventSpool } from './event-spool';

const chat = (n: number): PluginEvent => ({
  id: `e${n}`,
  at: '2026-11-25T12:00:00.000Z',
  type: 'chat',
  steamId: '76561198000000001',
  message: `line ${n} ${'x'.repeat(100)}`,
});

describe('EventSpool', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'spool-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives back what it kept, in order, across a reopen, minus what was acknowledged', () => {
    const spool = new EventSpool(dir, { segmentBytes: 500 });
    spool.append([1, 2, 3, 4, 5, 6, 7].map(chat));
    const first = spool.peek(2);
    expect(first.events.map((e) => e.id)).toEqual(['e1', 'e2']);
    spool.ack(first);
    const reopened = new EventSpool(dir, { segmentBytes: 500 });
    expect(reopened.pending).toBe(5);
    const ids: string[] = [];
    for (let batch = reopened.peek(3); batch.events.length > 0; batch = reopened.peek(3)) {
      ids.push(...batch.events.map((e) => e.id));
      reopened.ack(batch);
    }
    expect(ids).toEqual(['e3', 'e4', 'e5', 'e6', 'e7']);
    expect(reopened.pending).toBe(0);
  });

  it('drops the oldest events past its bound and says how many', () => {
    const logs: string[] = [];
    const spool = new EventSpool(dir, { segmentBytes: 400, maxBytes: 1200, log: (line) => logs.push(line) });
    spool.append(Array.from({ length: 20 }, (_, n) => chat(n)));
    for (let n = 20; n < 40; n += 1) spool.append([chat(n)]);
    expect(spool.bytes).toBeLessThanOrEqual(1200 + 400);
    const dropped = logs
      .map((line) => Number(/dropped the (\d+) oldest/.exec(line)?.[1] ?? 0))
      .reduce((a, b) => a + b, 0);
    expect(dropped).toBeGreaterThan(0);
    expect(dropped + spool.pending).toBe(40);
    expect(spool.peek(1).events[0].id).toBe(`e${dropped}`);
  });

  it('acknowledges nothing else when the bound drops the segment of a batch in flight', () => {
    const logs: string[] = [];
    const spool = new EventSpool(dir, { segmentBytes: 400, maxBytes: 1200, log: (line) => logs.push(line) });
    spool.append([0, 1, 2].map(chat));
    const inFlight = spool.peek(2);
    expect(inFlight.events.map((e) => e.id)).toEqual(['e0', 'e1']);
    // The panel is away long enough for the game to fill the store past its bound.
    for (let n = 3; n < 20; n += 1) spool.append([chat(n)]);
    const dropped = logs
      .map((line) => Number(/dropped the (\d+) oldest/.exec(line)?.[1] ?? 0))
      .reduce((a, b) => a + b, 0);
    const oldestKept = spool.peek(1).events[0].id;
    expect(dropped).toBeGreaterThan(0);
    expect(oldestKept).toBe(`e${dropped}`);
    spool.ack(inFlight);
    // Every event that was not dropped is still there to send, the oldest first.
    expect(spool.pending).toBe(20 - dropped);
    expect(spool.peek(1).events[0].id).toBe(oldestKept);
  });
});
