import { Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { LiveEvent } from '@outpost/contracts';
import type Redis from 'ioredis';
import type { RedisLink } from '../cluster';
import { atMost } from '../concurrency';
import { bootName, InProcessLiveBus, LIVE_REPLAY_SIZE } from './in-process-live-bus';
import { LiveBus, type LiveListener, type LiveMessage } from './live-bus';
import { compareStreamIds, isStreamId, streamIdBefore } from './stream-id';

/** The Redis stream every instance appends its events to and reads everyone's from. */
export const LIVE_STREAM_KEY = 'outpost:live';

/**
 * Entries handed over per read (fewer when fewer are kept). The stream keeps at least the replay
 * size, so a reader that missed trimmed entries has more than a batch to read: only a full batch
 * is looked into (trimmedAfter).
 */
const READ_BATCH = 1_000;
/** A blocked read comes back empty this often (it is ended at once on shutdown anyway). */
const READ_BLOCK_MS = 10_000;
/**
 * A read unanswered this long past its block means a connection that hangs without closing (a
 * stalled server, a silent network): it is dropped and made again.
 */
const READ_STALL_MS = READ_BLOCK_MS + 5_000;
/** Pause before reading again after a failed read (a lost or stalled connection). */
const RETRY_MS = 250;
/**
 * Pause after a read that answered fewer entries than a batch, so the next one gathers what came
 * meanwhile: on a steady flow (a heartbeat's event at a time) a read per event would cost every
 * instance a round trip per event, the most CPU the live bus takes. Events wait this much longer.
 */
const GATHER_MS = 10;
/** How long a resume waits for this instance's reader to reach the id the client last saw. */
const CATCH_UP_MS = 1_000;
/**
 * How long start-up waits for the reader to reach the stream: the instance takes requests only
 * then, so no stream opens before the point from which this instance reads. With Redis away, it
 * starts without (see startingPoint).
 */
const FIRST_READ_WAIT_MS = 2_000;
/** Appends whose failure was not certain (a timeout), remembered so the reader skips them. */
const MAX_UNSURE = 10_000;

type Entry = [id: string, fields: string[]];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Settles once the connection takes commands, or has ended for good (stop). */
const connected = (connection: Redis): Promise<void> =>
  new Promise((resolve) => {
    if (connection.status === 'ready' || connection.status === 'end') return resolve();
    const done = () => {
      connection.off('ready', done);
      connection.off('end', done);
      resolve();
    };
    connection.on('ready', done);
    connection.on('end', done);
  });

/** An entry's fields: the event's JSON (e), the tag of its append (o) and its network (n). */
const fieldsOf = ([, fields]: Entry): { json?: string; tag?: string; network?: string } => {
  const found: { json?: string; tag?: string; network?: string } = {};
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'e') found.json = fields[i + 1];
    else if (fields[i] === 'o') found.tag = fields[i + 1];
    else if (fields[i] === 'n') found.network = fields[i + 1];
  }
  return found;
};

/** The message of an entry's JSON; null when it cannot be read. */
const messageOf = (id: string, json: string | undefined): LiveMessage | null => {
  if (!json) return null;
  try {
    return { id, event: JSON.parse(json) as LiveEvent };
  } catch {
    return null;
  }
};

/**
 * The live bus shared by the instances (REDIS_URL). Publishing appends the event to one Redis
 * stream (XADD, trimmed to about the last LIVE_REPLAY_SIZE); each instance's one reader (XREAD
 * BLOCK on a connection of its own) hands every entry to its subscribers, its own events included,
 * so every instance delivers one order and the stream's ids are the events' ids. A client that
 * resumes on any instance gets what followed its Last-Event-ID from the stream (XRANGE).
 *
 * While Redis is away, events are delivered on this instance only, through an in-process bus with
 * ids of its own (`l<boot>-<n>`, never of a stream id's form); the reader goes on by itself when
 * Redis is back, from where it stopped. A resume that mixes the two (a stream id from before local
 * deliveries, a local id from before Redis deliveries) cannot be answered: it says so (null), and
 * the client reads everything again. A reader further behind than the events kept (about a minute
 * of a busy network's: its event loop blocked that long) misses the trimmed ones, as a resume that
 * late does: it notices, and tells its streams to read everything again.
 */
export class RedisLiveBus extends LiveBus implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveBus');
  private readonly listeners = new Map<string, Set<LiveListener>>();
  /** Where events go while Redis is away: this instance's streams only. */
  private readonly local: InProcessLiveBus;
  private reader: Redis | null = null;
  private stopped = false;
  /** The id of the last stream entry read; null until the reader first reached Redis. */
  private position: string | null = null;
  /** After a failed read: whether the stream is still the one read from (Redis may have restarted). */
  private recheck = false;
  /** Local deliveries happened since the last delivery from the stream. */
  private localSinceRedis = false;
  /** Stream ids before this one were followed by local deliveries here: not resumed from. */
  private redisFence: string | null = null;
  /** Local sequences up to this one were followed by deliveries from the stream: not resumed from. */
  private localFence = 0;
  private appended = 0;
  /** This instance's first appended id before the reader first read: it reads from there. */
  private firstAppended: string | null = null;
  private readonly unsure = new Set<string>();
  /** Keeps deliveries in publishing order: a local one waits for the appends before it to settle. */
  private tail: Promise<void> = Promise.resolve();
  private readonly readWaiters = new Set<() => void>();
  /** Settles once the reader first reached the stream (start-up waits for it). */
  private readonly reached: Promise<void>;
  private reachedStream: () => void = () => undefined;
  private readonly batch: number;
  private failures = 0;

  constructor(
    private readonly link: RedisLink,
    private readonly replaySize: number = LIVE_REPLAY_SIZE,
  ) {
    super();
    this.batch = Math.min(READ_BATCH, replaySize);
    this.local = new InProcessLiveBus(replaySize, `l${bootName()}`);
    this.reached = new Promise((resolve) => (this.reachedStream = resolve));
  }

  /** Starts the reader, and lets the app take requests once it reads (FIRST_READ_WAIT_MS at most). */
  async onModuleInit(): Promise<void> {
    this.start();
    await atMost(FIRST_READ_WAIT_MS, this.reached);
  }

  beforeApplicationShutdown(): void {
    this.stop();
  }

  /** Whether the reader has reached the stream (it hands over every entry from then on). */
  get reading(): boolean {
    return this.position !== null;
  }

  /** Reads that failed (a connection lost or stalled during a read): none while all is well. */
  get failedReads(): number {
    return this.failures;
  }

  /** Starts the reader (once). */
  start(): void {
    if (this.reader || this.stopped) return;
    this.reader = this.link.dedicated();
    void this.read(this.reader);
  }

  /** Ends the reader at once (a blocked read included); later events are delivered locally. */
  stop(): void {
    this.stopped = true;
    this.reader?.disconnect();
    for (const wake of [...this.readWaiters]) wake();
  }

  /** Appended on the next turn of the event loop, as in-process: the request is answered first. */
  publish(event: LiveEvent): void {
    setImmediate(() => this.append(event));
  }

  subscribe(networkId: string, listener: LiveListener): () => void {
    let listeners = this.listeners.get(networkId);
    if (!listeners) this.listeners.set(networkId, (listeners = new Set()));
    listeners.add(listener);
    const unsubscribeLocal = this.local.subscribe(networkId, listener);
    return () => {
      unsubscribeLocal();
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(networkId) === listeners)
        this.listeners.delete(networkId);
    };
  }

  async since(lastId: string, networkIds: ReadonlySet<string>): Promise<LiveMessage[] | null> {
    if (!isStreamId(lastId)) {
      const sequence = Number(/-(\d+)$/.exec(lastId)?.[1] ?? 0);
      return sequence > this.localFence ? this.local.since(lastId, networkIds) : null;
    }
    if (this.localSinceRedis || (this.redisFence && compareStreamIds(lastId, this.redisFence) < 0))
      return null;
    const redis = this.link.commands();
    if (!redis) return null;
    let entries: Entry[];
    try {
      // From lastId itself: the stream still holding it is what proves nothing after it was trimmed.
      entries = await redis.xrange(LIVE_STREAM_KEY, lastId, '+');
    } catch {
      return null;
    }
    if (entries[0]?.[0] !== lastId || !(await this.readPast(lastId)) || !this.position) return null;
    // What the reader has not handed over yet reaches the stream live (it subscribed before asking).
    const read = this.position;
    const messages: LiveMessage[] = [];
    for (const entry of entries.slice(1)) {
      if (compareStreamIds(entry[0], read) > 0) break;
      const { json, network } = fieldsOf(entry);
      if (network !== undefined && !networkIds.has(network)) continue;
      const message = messageOf(entry[0], json);
      if (message && networkIds.has(message.event.networkId)) messages.push(message);
    }
    return messages;
  }

  private append(event: LiveEvent): void {
    const redis = this.link.commands();
    if (!redis) {
      this.inOrder(() => this.deliverLocally(event));
      return;
    }
    this.appended += 1;
    const tag = `${this.link.instanceId}/${this.appended}`;
    const added = redis.xadd(
      LIVE_STREAM_KEY,
      'MAXLEN',
      '~',
      this.replaySize,
      '*',
      'e',
      JSON.stringify(event),
      'o',
      tag,
      'n',
      event.networkId,
    );
    this.inOrder(() =>
      added.then(
        (id) => {
          if (this.position === null) this.firstAppended ??= id;
        },
        () => {
          // It may have landed all the same (a timeout): the reader is to skip it if it comes.
          this.unsure.add(tag);
          if (this.unsure.size > MAX_UNSURE) this.unsure.delete(this.unsure.values().next().value as string);
          this.deliverLocally(event);
        },
      ),
    );
  }

  private inOrder(step: () => void | Promise<void>): void {
    this.tail = this.tail.then(step).catch((error: unknown) => {
      this.logger.error(`A live event was not delivered: ${(error as Error).message}`);
    });
  }

  private deliverLocally(event: LiveEvent): void {
    this.localSinceRedis = true;
    this.local.deliverNow(event);
  }

  private async read(reader: Redis): Promise<void> {
    while (!this.stopped) {
      // Sent before the connection is up, a command fails at once (no offline queue): wait for it.
      // Lost since the last read (a blocked read may come back empty then), the reader looks at
      // the stream again once it is back.
      if (reader.status !== 'ready') {
        if (this.position !== null) this.recheck = true;
        await connected(reader);
        if (this.stopped) return;
      }
      try {
        const returning = this.position !== null && this.recheck;
        const from =
          this.position === null || this.recheck ? await this.startingPoint(reader) : this.position;
        // Back after a failed read: what other instances delivered meanwhile never reached here.
        if (returning) this.gap();
        const stalled = setTimeout(() => reader.disconnect(true), READ_STALL_MS);
        const reply = (await reader
          .xread('COUNT', this.batch, 'BLOCK', READ_BLOCK_MS, 'STREAMS', LIVE_STREAM_KEY, from)
          .finally(() => clearTimeout(stalled))) as [string, Entry[]][] | null;
        let read = 0;
        for (const [, entries] of reply ?? []) {
          if (entries.length >= this.batch && (await this.trimmedAfter(reader, from))) this.gap();
          this.deliverRead(entries);
          read += entries.length;
        }
        if (read > 0 && read < this.batch && !this.stopped) await sleep(GATHER_MS);
      } catch (error) {
        if (this.stopped) return;
        this.failures += 1;
        this.logger.debug(`A live read failed (${(error as Error).message}); reading again`);
        this.recheck = true;
        await sleep(RETRY_MS);
      }
    }
  }

  /**
   * Whether the reader, reading after `from`, fell behind what the stream keeps: its first entry
   * is past `from` (XINFO STREAM; trimming leaves no other trace, max-deleted-entry-id counts
   * XDEL's alone), so what followed `from` may have been trimmed unread. From the stream's very
   * start ('0-0'), whether any entry was ever trimmed (Redis 7's entries-added beyond its length).
   */
  private async trimmedAfter(reader: Redis, from: string): Promise<boolean> {
    const info = (await reader.xinfo('STREAM', LIVE_STREAM_KEY)) as unknown[];
    const field = (name: string) => {
      const at = info.indexOf(name);
      return at === -1 ? undefined : info[at + 1];
    };
    if (from === '0-0') return Number(field('entries-added') ?? 0) > Number(field('length') ?? 0);
    const first = (field('first-entry') as Entry | null | undefined)?.[0];
    return first !== undefined && compareStreamIds(first, from) > 0;
  }

  /**
   * The first time, after the newest entry, or before this instance's first append if that came
   * first (appended, it is delivered by no other way). On a return, after the last entry read,
   * unless the stream was lost meanwhile (Redis restarted empty): then from its start, all new.
   */
  private async startingPoint(reader: Redis): Promise<string> {
    const [newest] = await reader.xrevrange(LIVE_STREAM_KEY, '+', '-', 'COUNT', 1);
    const newestId = newest?.[0] ?? null;
    if (this.position === null) {
      // Appends sent before that answer came have settled once the queue has.
      await this.tail;
      const first = this.firstAppended;
      this.position =
        first && (newestId === null || compareStreamIds(first, newestId) <= 0)
          ? streamIdBefore(first)
          : (newestId ?? '0-0');
      this.reachedStream();
      // Streams opened before (Redis was away at start-up) may have missed other instances' events.
      if (this.listeners.size > 0) this.gap();
    } else if (newestId === null || compareStreamIds(newestId, this.position) < 0) this.position = '0-0';
    this.recheck = false;
    return this.position;
  }

  /**
   * Hands each entry to its network's listeners here. An entry names its network beside its JSON,
   * so one of a network nobody follows on this instance is not parsed (on a panel hosting many
   * networks, most of them); one without (appended by an older instance) is parsed to tell.
   */
  private deliverRead(entries: Entry[]): void {
    for (const entry of entries) {
      const [id] = entry;
      this.position = id;
      const { json, tag, network } = fieldsOf(entry);
      if (tag !== undefined && this.unsure.delete(tag)) continue;
      if (json === undefined) continue;
      if (this.localSinceRedis) {
        this.redisFence = id;
        this.localSinceRedis = false;
      }
      this.localFence = this.local.lastSequence;
      if (network !== undefined && !this.listeners.has(network)) continue;
      const message = messageOf(id, json);
      if (!message) continue;
      for (const listener of this.listeners.get(message.event.networkId) ?? []) {
        try {
          listener(message);
        } catch (error) {
          this.logger.error(`A live listener failed: ${(error as Error).message}`);
        }
      }
    }
    for (const wake of [...this.readWaiters]) wake();
  }

  /** Whether the reader reaches `id` soon (a client may come from an instance that read it first). */
  private readPast(id: string): Promise<boolean> {
    const past = () => this.position !== null && compareStreamIds(this.position, id) >= 0;
    if (past()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!past() && !this.stopped) return;
        clearTimeout(timer);
        this.readWaiters.delete(check);
        resolve(past());
      };
      const timer = setTimeout(() => {
        this.readWaiters.delete(check);
        resolve(false);
      }, CATCH_UP_MS);
      this.readWaiters.add(check);
    });
  }
}
