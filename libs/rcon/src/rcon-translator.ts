import { RCON_STATES, type PluginCommand, type PluginEvent, type RconState } from '@outpost/contracts';
import {
  PluginApiError,
  PluginEventBatcher,
  sleep,
  stampEvents,
  type PluginClient,
} from '@outpost/plugin-sdk';
import { gameCommandFor, resultFor } from './game-commands';
import { frameToEvent } from './parse-frames';
import {
  parseConvarNumber,
  parsePlayerList,
  parsePlayerListPos,
  parseServerInfo,
  toHeartbeat,
} from './parse-state';
import { reconnectDelayMs } from './reconnect';
import {
  RconConnectError,
  RconDisconnectedError,
  WebRconClient,
  type RconSettings,
  type WebRconClientOptions,
} from './webrcon-client';

/** The plugin protocol as the translator needs it; PluginClient has these four methods. */
export type PluginTransport = Pick<
  PluginClient,
  'heartbeat' | 'sendEvents' | 'reportCommandResult' | 'waitForCommands'
>;

// The states are the panel's (contracts); re-exported for code that imports them from here.
export { RCON_STATES, type RconState };
/**
 * The connection's state; `refusedAt` is when the server last refused the password, while the
 * state is `wrong_password` (null otherwise).
 */
export type RconStatus = {
  state: RconState;
  lastError: string | null;
  connectedAt: Date | null;
  refusedAt: Date | null;
};

/**
 * After the server refused the password, the least wait before the password is tried again: the
 * game refuses an address for minutes after 5 wrong ones (rcon.maxpasswordfailures, then even the
 * right password fails for rcon.banduration), so a refused password is not dialled again and
 * again. New settings (a new translator) or retryNow() dial sooner.
 */
export const WRONG_PASSWORD_RETRY_MS = 10 * 60_000;

/** Takes the events the translator made (each with its id and time) and owns their delivery. */
export type EventSink = (events: PluginEvent[]) => void;

export type RconTranslatorOptions = {
  rcon: RconSettings;
  transport: PluginTransport;
  /**
   * Where the server's events go. By default they are queued in memory (PluginEventBatcher) and
   * sent through the transport, retried on `reconnectDelay` (lost on stop); the bridge gives a
   * sink that keeps them on disk.
   */
  events?: EventSink;
  onState?: (status: RconStatus) => void;
  log?: (line: string) => void;
  /** A command's time limit in ms (default 5 000). */
  commandTimeoutMs?: number;
  /** Resolves the RCON host for each attempt (see WebRconClientOptions.lookup). */
  lookup?: WebRconClientOptions['lookup'];
  /** Seconds between heartbeats; by default what the panel asks for (nextHeartbeatSeconds). */
  heartbeatSeconds?: number;
  /** Seconds each long-poll for commands waits (default 25, at most 30). */
  longPollSeconds?: number;
  /** Delay before retry number `attempt` (from 1); the spec's schedule by default. */
  reconnectDelay?: (attempt: number) => number;
  /** The least wait after a refused password (default WRONG_PASSWORD_RETRY_MS). */
  refusedRetryMs?: number;
  /**
   * The state an earlier connection with these same settings left (the panel's connection after
   * a restart or a take-over): when it is `wrong_password`, the translator starts in it and dials
   * first at its refusedAt + refusedRetryMs, not at once.
   */
  previous?: RconStatus;
};

/**
 * A join or disconnect line asks for the roster at once instead of at the next heartbeat: lines
 * that come within this many ms make one refresh.
 */
export const ROSTER_REFRESH_DEBOUNCE_MS = 250;
/** The least time between two heartbeats a refresh may bring forward (a wave of joins after a wipe). */
export const ROSTER_REFRESH_MIN_GAP_MS = 1_000;

type CommandEntry = { result: ReturnType<typeof resultFor> | null };

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs one game server's WebRCON as a plugin of the panel: a heartbeat every interval from
 * serverinfo, playerlist and playerlistpos; commands from the long-poll and from the heartbeat's
 * answers (deduplicated by id) carried out with the game's commands and their results posted; the
 * server's own frames turned into events. It reconnects on its own; stop() ends it.
 */
export class RconTranslator {
  private readonly stopping = new AbortController();
  private readonly commands = new Map<string, CommandEntry>();
  private readonly sink: EventSink;
  private readonly ownSink: PluginEventBatcher | null = null;
  private loop: Promise<void> | null = null;
  private client: WebRconClient | null = null;
  private current: RconStatus = { state: 'connecting', lastError: null, connectedAt: null, refusedAt: null };
  /** Ends the wait before the next dial early (retryNow); set while the loop waits to dial. */
  private dialNow: (() => void) | null = null;
  private worldSize: number | null = null;
  private seed: number | null = null;
  /** When the last join or disconnect line came (0: none yet). */
  private rosterChangedAt = 0;
  private refreshTimer: NodeJS.Timeout | null = null;
  /** Ends the heartbeat loop's current wait early; set while it waits. */
  private wake: (() => void) | null = null;

  constructor(private readonly options: RconTranslatorOptions) {
    if (options.events) this.sink = options.events;
    else {
      this.ownSink = new PluginEventBatcher({
        transport: options.transport,
        log: (line) => this.log(line),
        retryDelay: options.reconnectDelay,
      });
      this.sink = (events) => this.ownSink?.push(events);
    }
  }

  get status(): RconStatus {
    return { ...this.current };
  }

  start(): void {
    this.loop ??= this.run();
  }

  /**
   * Dials now instead of at the end of the current wait (after a refused password, the 10 minutes;
   * after another failure, the schedule's delay). Does nothing while connected.
   */
  retryNow(): void {
    this.dialNow?.();
  }

  /** Ends the loops and the connection; resolves once they have ended. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.client?.close();
    const eventsStopped = this.ownSink?.stop();
    await this.loop;
    await eventsStopped;
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private setState(
    state: RconState,
    lastError: string | null,
    connectedAt: Date | null = null,
    refusedAt: Date | null = null,
  ): void {
    this.current = { state, lastError, connectedAt, refusedAt };
    this.options.onState?.(this.status);
  }

  private delay(attempt: number): number {
    return (this.options.reconnectDelay ?? reconnectDelayMs)(attempt);
  }

  /** Waits `ms` before the next dial, or less: stop() or retryNow() end it. */
  private async untilDial(ms: number, stop: AbortSignal): Promise<void> {
    const now = new AbortController();
    this.dialNow = () => now.abort();
    await sleep(Math.max(0, ms), AbortSignal.any([stop, now.signal])).catch(() => undefined);
    this.dialNow = null;
    if (now.signal.aborted && !stop.aborted) this.setState('connecting', null);
  }

  private async run(): Promise<void> {
    const stop = this.stopping.signal;
    const refusedRetryMs = this.options.refusedRetryMs ?? WRONG_PASSWORD_RETRY_MS;
    const previous = this.options.previous;
    if (previous?.state === 'wrong_password' && previous.refusedAt) {
      // Refused before with these settings: said again as it was, and not dialled before its time.
      this.setState('wrong_password', previous.lastError, null, previous.refusedAt);
      await this.untilDial(previous.refusedAt.getTime() + refusedRetryMs - Date.now(), stop);
    } else this.setState('connecting', null);
    for (let failures = 0; !stop.aborted;) {
      const closed = new AbortController();
      const client = new WebRconClient(this.options.rcon, {
        commandTimeoutMs: this.options.commandTimeoutMs,
        lookup: this.options.lookup,
        onFrame: (frame) => {
          const event = frameToEvent(frame);
          if (!event) return;
          this.sink(stampEvents([event]));
          if (event.type === 'connect' || event.type === 'disconnect') this.rosterChanged();
        },
        onClose: (reason) => {
          this.setState('connecting', `The connection closed (${reason})`);
          closed.abort();
        },
      });
      this.client = client;
      try {
        await client.connect();
      } catch (error) {
        if (stop.aborted) break;
        failures += 1;
        const kind = error instanceof RconConnectError ? error.kind : 'unreachable';
        const refused = kind === 'wrong_password';
        this.setState(kind, message(error), null, refused ? new Date() : null);
        await this.untilDial(refused ? refusedRetryMs : this.delay(failures), stop);
        continue;
      }
      if (stop.aborted) break;
      failures = 0;
      this.setState('connected', null, new Date());
      this.log(`connected to ${this.options.rcon.host}:${this.options.rcon.port}`);
      const session = AbortSignal.any([stop, closed.signal]);
      await Promise.all([this.heartbeats(client, session), this.longPoll(client, session)]);
      client.close();
      if (!stop.aborted) await sleep(this.delay(1), stop).catch(() => undefined);
    }
    this.client?.close();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
  }

  /** A player joined or left: the next heartbeat (with the roster) comes soon, once per burst. */
  private rosterChanged(): void {
    this.rosterChangedAt = Date.now();
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      this.wake?.();
    }, ROSTER_REFRESH_DEBOUNCE_MS);
  }

  /**
   * Waits until the heartbeat that started at `started` is due again after `seconds`, or sooner
   * when a join or disconnect line came after it started (that roster may predate it).
   */
  private async untilNextHeartbeat(started: number, seconds: number, signal: AbortSignal): Promise<void> {
    const due = started + seconds * 1000;
    const soon = () =>
      Math.max(this.rosterChangedAt + ROSTER_REFRESH_DEBOUNCE_MS, started + ROSTER_REFRESH_MIN_GAP_MS);
    for (;;) {
      const until = this.rosterChangedAt >= started ? Math.min(due, soon()) : due;
      const woken = new AbortController();
      this.wake = () => woken.abort();
      await sleep(Math.max(0, until - Date.now()), AbortSignal.any([signal, woken.signal])).catch(
        () => undefined,
      );
      this.wake = null;
      if (signal.aborted || !woken.signal.aborted) return;
      // Woken by a line: go once the least gap since the last heartbeat has passed.
    }
  }

  private async heartbeats(client: WebRconClient, signal: AbortSignal): Promise<void> {
    [this.worldSize, this.seed] = await Promise.all(
      ['server.worldsize', 'server.seed'].map((line) =>
        client
          .command(line)
          .then((reply) => (reply.frame ? parseConvarNumber(reply.frame.Message) : null))
          .catch(() => null),
      ),
    );
    while (!signal.aborted) {
      const started = Date.now();
      let seconds = this.options.heartbeatSeconds ?? 10;
      try {
        const answer = await this.heartbeat(client, signal);
        if (answer) {
          seconds = this.options.heartbeatSeconds ?? answer.nextHeartbeatSeconds;
          for (const command of answer.commands) void this.handle(client, command);
        }
      } catch (error) {
        if (signal.aborted) break;
        this.log(`heartbeat failed: ${message(error)}`);
      }
      // Counted from the start, so a reply that timed out does not push the next heartbeat back.
      await this.untilNextHeartbeat(started, seconds, signal);
    }
  }

  /** One heartbeat; null when the server did not answer serverinfo (nothing true to report). */
  private async heartbeat(client: WebRconClient, signal: AbortSignal) {
    const ask = (line: string) =>
      client
        .command(line)
        .then((reply) => reply.frame?.Message ?? null)
        .catch(() => null);
    const [info, list, positions] = await Promise.all([
      ask('serverinfo'),
      ask('playerlist'),
      ask('playerlistpos'),
    ]);
    const serverInfo = info === null ? null : parseServerInfo(info);
    if (!serverInfo) {
      if (!signal.aborted) this.log('serverinfo gave no answer; no heartbeat this time');
      return null;
    }
    const state = toHeartbeat({
      info: serverInfo,
      players: (list === null ? null : parsePlayerList(list)) ?? [],
      positions: positions === null ? null : parsePlayerListPos(positions),
      worldSize: this.worldSize,
      seed: this.seed,
    });
    return this.options.transport.heartbeat(state, { signal });
  }

  private async longPoll(client: WebRconClient, signal: AbortSignal): Promise<void> {
    const waitSeconds = this.options.longPollSeconds ?? 25;
    for (let failures = 0; !signal.aborted;) {
      try {
        const asked = Date.now();
        const { commands } = await this.options.transport.waitForCommands(waitSeconds, { signal });
        failures = 0;
        for (const command of commands) void this.handle(client, command);
        // An empty answer well before its time is a panel that is draining (it ends every wait at
        // once): asking again at once would hammer it, and in-process would never yield the loop.
        if (!commands.length && Date.now() - asked < (waitSeconds * 1000) / 2)
          await sleep(this.delay(1), signal).catch(() => undefined);
      } catch (error) {
        if (signal.aborted) break;
        failures += 1;
        if (failures === 1 || failures % 10 === 0) this.log(`waiting for commands failed: ${message(error)}`);
        await sleep(this.delay(failures), signal).catch(() => undefined);
      }
    }
  }

  /**
   * Carries out a command once and posts its result. The panel hands a command out again (in each
   * heartbeat's answer) until it has recorded its result, so one that comes again after its result
   * was posted gets that result posted again, never a second run: a result the panel lost (or
   * whose recording a concurrent write undid) is not left open for good.
   */
  private async handle(client: WebRconClient, command: PluginCommand): Promise<void> {
    let entry = this.commands.get(command.id);
    if (entry && !entry.result) return;
    if (!entry) {
      entry = { result: null };
      this.commands.set(command.id, entry);
      if (this.commands.size > 1000) this.commands.delete(this.commands.keys().next().value as string);
      try {
        const reply = await client.command(gameCommandFor(command));
        entry.result = resultFor(reply.frame?.Message ?? null, reply.frame?.Type);
      } catch (error) {
        // Not sent, or the connection dropped before the answer: the heartbeat after the next
        // connection brings the command again.
        this.commands.delete(command.id);
        if (!(error instanceof RconDisconnectedError))
          this.log(`command ${command.id} failed: ${message(error)}`);
        return;
      }
    }
    const result = entry.result;
    if (!result) return;
    try {
      await this.options.transport.reportCommandResult(command.id, result, { signal: this.stopping.signal });
    } catch (error) {
      // 404: the panel no longer knows the command (it will not come again); anything else is
      // posted again when it comes again.
      if (!(error instanceof PluginApiError && error.status === 404) && !this.stopping.signal.aborted)
        this.log(`result of ${command.id} not delivered: ${message(error)}`);
    }
  }
}
