import { join } from 'node:path';
import { PLUGIN_MAX_EVENTS_PER_BATCH, PluginApiError, PluginClient, sleep } from '@outpost/plugin-sdk';
import { reconnectDelayMs, RconTranslator, type RconStatus } from '@outpost/rcon';
import type { BridgeConfig } from './config';
import { EventSpool } from './event-spool';
import type { Logger } from './logger';

export type BridgeOptions = {
  /** Delay before retry number `attempt` (from 1) on either side; the spec's schedule by default. */
  retryDelay?: (attempt: number) => number;
};

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The bridge: the RCON translator with its events kept on disk (EventSpool) and delivered to the
 * panel by a loop of its own, which retries on the spec's schedule while the panel is away.
 */
export class Bridge {
  private readonly client: PluginClient;
  private readonly translator: RconTranslator;
  private readonly spool: EventSpool;
  private readonly delivering = new AbortController();
  private wake: (() => void) | null = null;
  private delivery: Promise<void> | null = null;

  constructor(
    private readonly config: BridgeConfig,
    private readonly log: Logger,
    private readonly options: BridgeOptions = {},
  ) {
    this.spool = new EventSpool(join(config.dataDir, 'events'), { log: (line) => log.warn(line) });
    this.client = new PluginClient({ baseUrl: config.url, token: config.token });
    let last: RconStatus['state'] | null = null;
    this.translator = new RconTranslator({
      rcon: { host: config.rconHost, port: config.rconPort, password: config.rconPassword },
      transport: this.client,
      events: (events) => {
        this.spool.append(events);
        this.wake?.();
      },
      onState: (status) => {
        if (status.state === last && status.state !== 'connected') return;
        last = status.state;
        const text = `RCON ${config.rconHost}:${config.rconPort}: ${status.state}${status.lastError ? ` (${status.lastError})` : ''}`;
        if (status.state === 'unreachable' || status.state === 'wrong_password') log.warn(text);
        else log.info(text);
      },
      log: (line) => log.info(line),
      reconnectDelay: options.retryDelay,
    });
  }

  start(): void {
    const pending = this.spool.pending;
    if (pending > 0) this.log.info(`${pending} events kept on disk from before will be delivered`);
    this.log.info(`reporting to ${this.config.url}`);
    this.translator.start();
    this.delivery ??= this.deliver();
  }

  /**
   * Stops taking events from the game, then delivers what it can: all of it within `flushMs` of
   * the call (the SIGTERM), however long the translator takes to stop. Whatever is left stays on
   * disk for the next start.
   */
  async stop(flushMs = 5_000): Promise<number> {
    const deadline = setTimeout(() => this.delivering.abort(), flushMs);
    const timeUp = new Promise<void>((resolve) =>
      this.delivering.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    await Promise.race([this.translator.stop(), timeUp]);
    this.flushing = true;
    this.wake?.();
    await this.delivery;
    clearTimeout(deadline);
    this.delivering.abort();
    this.client.close();
    return this.spool.pending;
  }

  private flushing = false;

  private async deliver(): Promise<void> {
    const signal = this.delivering.signal;
    for (let failures = 0; !signal.aborted;) {
      const batch = this.spool.peek(PLUGIN_MAX_EVENTS_PER_BATCH);
      const { events } = batch;
      if (events.length === 0) {
        if (this.flushing) return;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        this.wake = null;
        continue;
      }
      try {
        await this.client.sendEvents(events, { signal, maxAttempts: 1 });
        this.spool.ack(batch);
        if (failures > 0) this.log.info('the panel is reachable again; delivering kept events');
        failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        if (
          error instanceof PluginApiError &&
          !error.retryable &&
          error.status !== 401 &&
          error.status !== 0
        ) {
          // 400 or 413: the panel will never take this batch; keeping it would stop every later one.
          this.log.error(`the panel refused ${events.length} events, dropped: ${reasonOf(error)}`);
          this.spool.ack(batch);
          continue;
        }
        failures += 1;
        const wait = (this.options.retryDelay ?? reconnectDelayMs)(failures);
        if (failures === 1 || failures % 10 === 0)
          this.log.warn(
            `events not delivered (${reasonOf(error)}); ${this.spool.pending} kept on disk, retry in ${wait} ms`,
          );
        await sleep(wait, signal).catch(() => undefined);
      }
    }
  }
}
