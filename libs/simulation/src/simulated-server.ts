import {
  backoffDelay,
  PluginClient,
  PluginEventBatcher,
  sleep,
  type CommandResultRequest,
  type HeartbeatRequest,
  type HeartbeatResponse,
  type NewPluginEvent,
  type PluginClientOptions,
  type PluginCommand,
} from '@outpost/plugin-sdk';
import { CommandRunner } from './commands';
import { answerConsole } from './console';
import type { SimulatedPlayer } from './population';
import { SimulatedWorld, type SimulationResume } from './simulated-world';

export type SimulatedServerOptions = {
  baseUrl: string;
  token: string;
  /** The population the server hovers around. */
  players: number;
  maxPlayers?: number;
  hostname?: string;
  /** Seconds between heartbeats; by default what the panel asks for (nextHeartbeatSeconds). */
  intervalSeconds?: number;
  /** Same seed, same players and events. */
  seed?: number;
  log?: (line: string) => void;
  fetch?: PluginClientOptions['fetch'];
  /**
   * Waits for commands with the long-poll (GET /commands?wait=30) beside the heartbeats, so a
   * command runs within moments of being sent (default true); false leaves them to the heartbeats.
   */
  longPoll?: boolean;
  /** Goes on where the panel last saw the server: its uptime and who was on it (the demo after a restart). */
  resume?: SimulationResume;
};

/** How long the long-poll waits per call, and waits after a failed call before the next. */
const LONG_POLL_SECONDS = 30;
const LONG_POLL_RETRY_MS = [1000, 1000, 1000, 1000, 1000, 5000];

/**
 * A Rust server in miniature, speaking the plugin protocol through the SDK: players come and go,
 * chat and kill each other (SimulatedWorld), and the server obeys kick, warn, ban, unban and
 * console commands from the long-poll and the heartbeat answers (CommandRunner), reporting each
 * result and sending its events in batches (PluginEventBatcher). Console commands answer the way
 * a Rust server's console does for status, serverinfo and say.
 */
export class SimulatedServer {
  readonly hostname: string;
  readonly worldSize: number;
  readonly seed: number;
  readonly maxPlayers: number;
  private readonly world: SimulatedWorld;
  private readonly client: PluginClient;
  private readonly log: (line: string) => void;
  private readonly outbox: PluginEventBatcher;
  private readonly commands: CommandRunner;
  private lastTick = Date.now();
  private loop: Promise<void> | null = null;
  private polling: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(private readonly options: SimulatedServerOptions) {
    const emit = (event: NewPluginEvent) => this.outbox.push([event]);
    this.world = new SimulatedWorld({
      seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
      players: options.players,
      maxPlayers: options.maxPlayers,
      hostname: options.hostname,
      emit,
      resume: options.resume,
    });
    this.hostname = this.world.hostname;
    this.worldSize = this.world.worldSize;
    this.seed = this.world.seed;
    this.maxPlayers = this.world.maxPlayers;
    this.log = options.log ?? ((line) => console.log(`[${this.hostname}] ${line}`));
    this.client = new PluginClient({
      baseUrl: options.baseUrl,
      token: options.token,
      fetch: options.fetch,
      onRetry: ({ path, attempt, delayMs, error }) =>
        attempt === 1 || attempt % 10 === 0
          ? this.log(`${path} failed (${error.message}); retry ${attempt} in ${delayMs} ms`)
          : undefined,
    });
    const { signal } = this.stopping;
    // Sent with each heartbeat and after commands, as a plugin batches them per tick.
    this.outbox = new PluginEventBatcher({
      transport: this.client,
      sendOnPush: false,
      retryDelay: (attempt) => backoffDelay(attempt - 1),
      log: this.log,
    });
    this.commands = new CommandRunner({
      world: this.world,
      emit,
      console: (line, now) => this.runConsole(line, now),
      report: (commandId, result) => this.client.reportCommandResult(commandId, result, { signal }),
      signal,
      log: this.log,
    });
  }

  /** The players on the server now. */
  players(): SimulatedPlayer[] {
    return this.world.players();
  }

  isBanned(steamId: string, now = Date.now()): boolean {
    return this.world.isBanned(steamId, now);
  }

  /** A player tries to connect: refused while banned (or just kicked). */
  tryJoin(player: SimulatedPlayer, now = Date.now()): boolean {
    return this.world.tryJoin(player, now);
  }

  /** Starts heartbeats (the first at once) and the simulation between them. */
  start(): void {
    if (this.loop) return;
    this.log(`online with ${this.world.players().length} players, reporting to ${this.options.baseUrl}`);
    this.loop = this.run();
    if (this.options.longPoll !== false) this.polling = this.pollCommands();
  }

  /** Stops the loop and abandons pending retries (and the events not yet sent). */
  async stop(): Promise<void> {
    this.stopping.abort();
    const eventsStopped = this.outbox.stop();
    this.client.close();
    await this.loop;
    await this.polling;
    await eventsStopped;
  }

  /** Simulates the time since the last tick, reports a heartbeat, obeys its commands, sends the events. */
  async tick(now = Date.now()): Promise<HeartbeatResponse> {
    this.world.advance(Math.max(0, (now - this.lastTick) / 1000), now);
    this.lastTick = now;
    const answer = await this.heartbeat(now);
    void this.flushEvents().catch(() => undefined);
    return answer;
  }

  /** One heartbeat with the current state; the commands in the answer are carried out and reported. */
  async heartbeat(now = Date.now()): Promise<HeartbeatResponse> {
    const answer = await this.client.heartbeat(this.state(now), { signal: this.stopping.signal });
    await this.commands.obey(answer.commands, now);
    return answer;
  }

  /**
   * One long-poll: waits up to `waitSeconds` for commands, carries them out and reports them. What
   * they made the server print (a `say`) is sent at once rather than with the next heartbeat.
   */
  async waitForCommands(waitSeconds = LONG_POLL_SECONDS): Promise<PluginCommand[]> {
    const { commands } = await this.client.waitForCommands(waitSeconds, { signal: this.stopping.signal });
    await this.commands.obey(commands, Date.now());
    if (commands.length > 0) void this.flushEvents().catch(() => undefined);
    return commands;
  }

  /** Sends every event so far; resolves once the panel acknowledged them. */
  flushEvents(): Promise<void> {
    return this.outbox.flush();
  }

  state(now = Date.now()): HeartbeatRequest {
    return this.world.state(now);
  }

  /** A console command as a Rust server answers it (a few of them; the rest are unknown here). */
  runConsole(line: string, now = Date.now()): CommandResultRequest {
    return answerConsole(this.world, line, now, (event) => this.outbox.push([event]));
  }

  private async run(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      let seconds = this.options.intervalSeconds ?? 10;
      try {
        const answer = await this.tick();
        seconds = this.options.intervalSeconds ?? answer.nextHeartbeatSeconds;
      } catch (error) {
        if (signal.aborted) break;
        this.log(`heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(seconds * 1000, signal).catch(() => undefined);
    }
  }

  /** Long-polls for commands until stopped; after a failure waits a little (the panel may be down). */
  private async pollCommands(): Promise<void> {
    const signal = this.stopping.signal;
    let failures = 0;
    while (!signal.aborted) {
      try {
        await this.waitForCommands();
        failures = 0;
      } catch (error) {
        if (signal.aborted) break;
        if (failures === 0)
          this.log(`long-poll failed: ${error instanceof Error ? error.message : String(error)}`);
        const delay = LONG_POLL_RETRY_MS[Math.min(failures, LONG_POLL_RETRY_MS.length - 1)];
        failures += 1;
        await sleep(delay, signal).catch(() => undefined);
      }
    }
  }
}
