import { join } from 'node:path';
import { PluginClient, PluginEventBatcher } from '@outpost/plugin-sdk';
import { reconnectDelayMs, RconTranslator, type RconStatus } from '@outpost/rcon';
import type { BridgeConfig } from './config';
import { EventSpool } from './event-spool';
import type { Logger } from './logger';
import { BRIDGE_NAME, BRIDGE_VERSION } from './version';

export type BridgeOptions = {
  /** Delay before retry number `attempt` (from 1) on either side; the spec's schedule by default. */
  retryDelay?: (attempt: number) => number;
};

/**
 * The bridge: the RCON translator with its events kept on disk (EventSpool) and delivered to the
 * panel by the SDK's batcher, which retries on the spec's schedule while the panel is away.
 */
export class Bridge {
  private readonly client: PluginClient;
  private readonly translator: RconTranslator;
  private readonly spool: EventSpool;
  private readonly events: PluginEventBatcher;

  constructor(
    private readonly config: BridgeConfig,
    private readonly log: Logger,
    options: BridgeOptions = {},
  ) {
    this.spool = new EventSpool(join(config.dataDir, 'events'), { log: (line) => log.warn(line) });
    // The panel shows the version it is connected through, and warns when it is older than itself.
    this.client = new PluginClient({
      baseUrl: config.url,
      token: config.token,
      userAgent: `${BRIDGE_NAME}/${BRIDGE_VERSION}`,
    });
    this.events = new PluginEventBatcher({
      transport: this.client,
      store: this.spool,
      retryDelay: options.retryDelay ?? reconnectDelayMs,
      // A refused token is fixed by the admin; the events wait on disk for it rather than go.
      retryUnauthorized: true,
      log: (line, level) => log[level](line),
    });
    let last: RconStatus['state'] | null = null;
    this.translator = new RconTranslator({
      rcon: { host: config.rconHost, port: config.rconPort, password: config.rconPassword },
      transport: this.client,
      events: (events) => this.events.push(events),
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
    void this.events.flush();
  }

  /**
   * Stops taking events from the game, then delivers what it can: all of it within `flushMs` of
   * the call (the SIGTERM), however long the translator takes to stop. Whatever is left stays on
   * disk for the next start.
   */
  async stop(flushMs = 5_000): Promise<number> {
    const flushed = this.events.stop(flushMs);
    await Promise.race([this.translator.stop(), flushed]);
    const left = await flushed;
    this.client.close();
    return left;
  }
}
