import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { PluginEvent, PluginEventStore, StoredEvents } from '@outpost/plugin-sdk';

export type EventSpoolOptions = {
  /** The most the folder holds (default 100 MB); the oldest events go first. */
  maxBytes?: number;
  /** Size at which a new segment file starts (default 1 MB). */
  segmentBytes?: number;
  log?: (line: string) => void;
};

type Segment = { seq: number; bytes: number; lines: number; acked: number };

const NAME = /^seg-(\d{9})\.jsonl$/;
const segmentFile = (seq: number) => `seg-${String(seq).padStart(9, '0')}.jsonl`;

/**
 * Events accepted from the game server and not yet acknowledged by the panel, kept on disk so a
 * restart of the bridge or an outage of the panel loses none. Events are appended, one JSON line
 * each, to numbered segment files; how many lines of a segment the panel has acknowledged is kept
 * beside it (`.ack`), and a segment wholly acknowledged is deleted. Each event keeps the id it was
 * given when accepted, so a batch sent again after a lost answer is counted once by the panel.
 */
export class EventSpool implements PluginEventStore {
  private readonly segments: Segment[] = [];
  /** The parsed lines of the oldest segment, read once. */
  private oldest: { seq: number; events: PluginEvent[] } | null = null;
  private readonly maxBytes: number;
  private readonly segmentBytes: number;

  constructor(
    private readonly dir: string,
    options: EventSpoolOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 100 * 1024 * 1024;
    this.segmentBytes = options.segmentBytes ?? 1024 * 1024;
    this.log = options.log ?? (() => undefined);
    mkdirSync(dir, { recursive: true });
    const seqs = readdirSync(dir)
      .map((name) => NAME.exec(name)?.[1])
      .filter((seq): seq is string => !!seq)
      .map(Number)
      .sort((a, b) => a - b);
    for (const seq of seqs) {
      const text = readFileSync(join(dir, segmentFile(seq)), 'utf8');
      const ack = join(dir, `${segmentFile(seq)}.ack`);
      const acked = existsSync(ack) ? Number(readFileSync(ack, 'utf8')) || 0 : 0;
      const lines = text.split('\n').filter((line) => line.trim()).length;
      this.segments.push({ seq, bytes: Buffer.byteLength(text), lines, acked: Math.min(acked, lines) });
    }
  }

  private readonly log: (line: string) => void;

  /** Events kept and not yet acknowledged. */
  get pending(): number {
    return this.segments.reduce((sum, s) => sum + s.lines - s.acked, 0);
  }

  /** Keeps events on disk before anything else happens to them. */
  append(events: PluginEvent[]): void {
    if (events.length === 0) return;
    let current = this.segments.at(-1);
    if (!current || current.bytes >= this.segmentBytes) {
      current = { seq: (current?.seq ?? 0) + 1, bytes: 0, lines: 0, acked: 0 };
      this.segments.push(current);
    }
    const text = events.map((event) => JSON.stringify(event) + '\n').join('');
    appendFileSync(join(this.dir, segmentFile(current.seq)), text);
    current.bytes += Buffer.byteLength(text);
    current.lines += events.length;
    if (this.oldest?.seq === current.seq) this.oldest.events.push(...events);
    this.enforceBound();
  }

  /**
   * Up to `max` of the oldest unacknowledged events, in the order they were accepted, with where
   * they end (lines up to `end`, exclusive, of segment `seq`): `ack` takes that position, so a
   * segment the bound dropped while the batch was in flight never turns into an acknowledgement of
   * events that were not sent.
   */
  peek(max: number): StoredEvents {
    const first = this.segments[0];
    if (!first) return { events: [], seq: 0, end: 0 };
    if (this.oldest?.seq !== first.seq) this.oldest = { seq: first.seq, events: this.read(first.seq) };
    const events = this.oldest.events.slice(first.acked, first.acked + max);
    return { events, seq: first.seq, end: first.acked + events.length };
  }

  /** The panel took (or refused for good) the events of this batch. */
  ack(batch: Pick<StoredEvents, 'seq' | 'end'>): void {
    const first = this.segments[0];
    // Its segment is gone (dropped past the bound, counted then): nothing else is acknowledged.
    if (!first || first.seq !== batch.seq || batch.end <= first.acked) return;
    first.acked = Math.min(first.lines, batch.end);
    const file = join(this.dir, segmentFile(first.seq));
    if (first.acked < first.lines) {
      writeFileSync(`${file}.ack`, String(first.acked));
      return;
    }
    this.segments.shift();
    this.oldest = null;
    rmSync(file, { force: true });
    rmSync(`${file}.ack`, { force: true });
  }

  private read(seq: number): PluginEvent[] {
    const events: PluginEvent[] = [];
    for (const line of readFileSync(join(this.dir, segmentFile(seq)), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        events.push(JSON.parse(line) as PluginEvent);
      } catch {
        // A line cut short when the machine lost power: keep the count of lines aligned.
        events.push({
          id: `unreadable-${seq}-${events.length}`,
          at: new Date().toISOString(),
          type: 'log',
          level: 'warning',
          message: 'An event kept on disk could not be read back',
        });
      }
    }
    return events;
  }

  private enforceBound(): void {
    let total = this.segments.reduce((sum, s) => sum + s.bytes, 0);
    let dropped = 0;
    while (total > this.maxBytes && this.segments.length > 1) {
      const gone = this.segments.shift()!;
      if (this.oldest?.seq === gone.seq) this.oldest = null;
      const file = join(this.dir, segmentFile(gone.seq));
      rmSync(file, { force: true });
      rmSync(`${file}.ack`, { force: true });
      total -= gone.bytes;
      dropped += gone.lines - gone.acked;
    }
    if (dropped > 0)
      this.log(
        `the event store is over ${Math.round(this.maxBytes / 1048576)} MB: dropped the ${dropped} oldest undelivered events`,
      );
  }

  /** Bytes on disk (for tests and logs). */
  get bytes(): number {
    return this.segments.reduce(
      (sum, s) =>
        sum +
        (existsSync(join(this.dir, segmentFile(s.seq)))
          ? statSync(join(this.dir, segmentFile(s.seq))).size
          : 0),
      0,
    );
  }
}
