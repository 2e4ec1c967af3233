import { join } from 'node:path';
import { PluginClient, PluginEventBatcher } from '@outpost/plugin-sdk';
import {
  createRedactor,
  reconnectDelayMs,
  RconTranslator,
  WRONG_PASSWORD_RETRY_MS,
  type RconStatus,
} from '@outpost/rcon';
import { AgentStateReporter } from './agent-state';
import type { BridgeConfig } from './config';
import { EventSpool } from './event-spool';
import type { Logger } from './logger';
import { BRIDGE_NAME, BRIDGE_VERSION } from './version';

export type BridgeOptions = {
  /** Delay before retry number `attempt` (from 1) on either side; the spec's schedule by default. */
  retryDelay?: (attempt: number) => number;
  /** The least wait after the game refused the password (default WRONG_PASSWORD_RETRY_MS, 10 minutes). */
  refusedRetryMs?: number;
};

/**
 * The bridge: the RCON translator with its events kept on disk (EventSpool) and delivered to the
 * panel by the SDK's batcher, which retries on the spec's schedule while the panel is away; its
 * RCON state told to the panel on every change (AgentStateReporter). A refused password is tried
 * again only after 10 minutes (the game would refuse the address after 5): restarting the bridge
 * with the right one dials at once.
 */
export class Bridge {
  private readonly client: PluginClient;
  private readonly translator: RconTranslator;
  private readonly spool: EventSpool;
  private readonly events: PluginEventBatcher;
  private readonly states: AgentStateReporter;

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
    const retryDelay = options.retryDelay ?? reconnectDelayMs;
    this.events = new PluginEventBatcher({
      transport: this.client,
      store: this.spool,
      retryDelay,
      // A refused token is fixed by the admin; the events wait on disk for it rather than go.
      retryUnauthorized: true,
      log: (line, level) => log[level](line),
    });
    this.states = new AgentStateReporter(this.client, {
      redact: createRedactor([config.rconPassword, config.token]),
      retryDelay,
      log: (line, level) => log[level](line),
    });
    const refusedMinutes = Math.round((options.refusedRetryMs ?? WRONG_PASSWORD_RETRY_MS) / 60_000);
    let last: RconStatus['state'] | null = null;
    this.translator = new RconTranslator({
      rcon: { host: config.rconHost, port: config.rconPort, password: config.rconPassword },
      transport: this.client,
      events: (events) => this.events.push(events),
      onState: (status) => {
        this.states.note(status);
        if (status.state === last && status.state !== 'connected') return;
        last = status.state;
        const text = `RCON ${config.rconHost}:${config.rconPort}: ${status.state}${status.lastError ? ` (${status.lastError})` : ''}`;
        if (status.state === 'wrong_password')
          log.warn(
            `${text}; not tried again for ${refusedMinutes} minutes (the game refuses an address after 5 wrong passwords): set the right RCON_PASSWORD and restart the bridge`,
          );
        else if (status.state === 'unreachable') log.warn(text);
        else log.info(text);
      },
      log: (line) => log.info(line),
      reconnectDelay: options.retryDelay,
      refusedRetryMs: options.refusedRetryMs,
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
    this.states.stop();
    await Promise.race([this.translator.stop(), flushed]);
    const left = await flushed;
    this.client.close();
    return left;
  }
}
