import {
  PLUGIN_API_PATH,
  type AgentStateRequest,
  type AgentStateResponse,
  PLUGIN_COMMANDS_MAX_WAIT_SECONDS,
  PLUGIN_MAX_EVENTS_PER_BATCH,
  type CommandResultRequest,
  type CommandResultResponse,
  type CommandsResponse,
  type EventsResponse,
  type HeartbeatRequest,
  type HeartbeatResponse,
  type PluginEvent,
} from '@outpost/contracts';
import { AbortedError, backoffDelay, sleep, type BackoffOptions } from './backoff';
import { errorOf, PluginApiError, PluginRateLimitError, PluginUnavailableError } from './errors';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type RetryInfo = { path: string; attempt: number; delayMs: number; error: PluginApiError };

export type PluginClientOptions = {
  /** The panel, e.g. https://panel.example.com (the /api/plugin/v1 prefix is added). */
  baseUrl: string;
  /** The server token shown when the server was added (opsrv_...). */
  token: string;
  /** Any fetch (browser, Node, undici, a test double); the global one by default. */
  fetch?: FetchLike;
  /** Backoff between retries; delays grow from baseDelayMs up to maxDelayMs. */
  backoff?: BackoffOptions;
  /** One request's time limit in ms (default 10 000); a timeout counts as a network error. */
  timeoutMs?: number;
  /** Told before each retry (for logs). */
  onRetry?: (info: RetryInfo) => void;
  /**
   * Sent as the User-Agent of every request, e.g. `outpost-bridge/1.2.3`: the panel shows which
   * agent and version a server reports through.
   */
  userAgent?: string;
};

export type CallOptions = {
  /** Stops waiting and retrying; the call rejects with an AbortError. */
  signal?: AbortSignal;
  /** Tries in all, the first included. */
  maxAttempts?: number;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event to send: the client gives it an id and a time when it has none. */
export type NewPluginEvent = DistributiveOmit<PluginEvent, 'id' | 'at'> & { id?: string; at?: string | Date };

/** Attempts per call unless the caller says otherwise. */
export const DEFAULT_ATTEMPTS = {
  /** The next heartbeat is the retry: a late heartbeat would only report stale state. */
  heartbeat: 1,
  /** An event batch is retried until the panel acknowledges it (or the call is aborted). */
  events: Number.POSITIVE_INFINITY,
  commandResult: 8,
  agentState: 3,
} as const;

const newEventId = (): string => globalThis.crypto.randomUUID();

/** Gives every event an id and an ISO time; ids the caller set are kept. */
export const stampEvents = (events: NewPluginEvent[], now = new Date()): PluginEvent[] =>
  events.map((event) => {
    const at = event.at instanceof Date ? event.at.toISOString() : (event.at ?? now.toISOString());
    return { ...event, id: event.id ?? newEventId(), at } as PluginEvent;
  });

/**
 * A typed client of the plugin protocol. Failures surface as PluginApiError subclasses: 400
 * PluginValidationError, 401 PluginAuthError, 413 PluginPayloadTooLargeError, 429
 * PluginRateLimitError (its Retry-After is waited before a retry), 5xx and network errors
 * PluginUnavailableError. Only the last two are retried.
 */
export class PluginClient {
  private readonly baseUrl: string;
  private readonly fetcher: FetchLike;
  private readonly closing = new AbortController();

  constructor(private readonly options: PluginClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '') + PLUGIN_API_PATH;
    const fetcher = options.fetch ?? globalThis.fetch;
    if (!fetcher) throw new Error('No fetch available: pass one in the options');
    this.fetcher = fetcher;
  }

  /** Reports the server's state and players; the answer carries the commands to run. */
  heartbeat(state: HeartbeatRequest, options: CallOptions = {}): Promise<HeartbeatResponse> {
    return this.call('heartbeat', state, { maxAttempts: DEFAULT_ATTEMPTS.heartbeat, ...options });
  }

  /**
   * Sends events in batches of at most 500. Each batch is built once, ids included, and sent
   * again unchanged after a 5xx, a 429 or a network error until the panel acknowledges it: an
   * event the panel acknowledged is never lost, and one it stored before a lost answer is
   * counted as a duplicate, not twice. Resolves with the totals of all batches.
   */
  async sendEvents(events: NewPluginEvent[], options: CallOptions = {}): Promise<EventsResponse> {
    const stamped = stampEvents(events);
    const total: EventsResponse = { accepted: 0, duplicates: 0 };
    for (let start = 0; start < stamped.length; start += PLUGIN_MAX_EVENTS_PER_BATCH) {
      const batch = stamped.slice(start, start + PLUGIN_MAX_EVENTS_PER_BATCH);
      const ack = await this.call<EventsResponse>(
        'events',
        { events: batch },
        { maxAttempts: DEFAULT_ATTEMPTS.events, ...options },
      );
      total.accepted += ack.accepted;
      total.duplicates += ack.duplicates;
    }
    return total;
  }

  /** Tells the panel what became of a command from a heartbeat answer. */
  reportCommandResult(
    id: string,
    result: CommandResultRequest,
    options: CallOptions = {},
  ): Promise<CommandResultResponse> {
    return this.call(`commands/${encodeURIComponent(id)}/result`, result, {
      maxAttempts: DEFAULT_ATTEMPTS.commandResult,
      ...options,
    });
  }

  /**
   * Tells the panel how the agent's RCON connection to the game server is (outpost-bridge, on
   * every change): the server page then says "wrong password" or "unreachable" rather than
   * waiting for a first report.
   */
  reportAgentState(state: AgentStateRequest, options: CallOptions = {}): Promise<AgentStateResponse> {
    return this.call('agent-state', state, { maxAttempts: DEFAULT_ATTEMPTS.agentState, ...options });
  }

  /**
   * Waits up to `waitSeconds` (at most 30) for commands queued for this server and answers them
   * as soon as there are any; an empty list when the wait ran out. Each command is handed out
   * once this way (the heartbeat's answer keeps carrying it until its result is posted). Not
   * retried: the caller's loop asks again.
   */
  waitForCommands(waitSeconds: number, options: CallOptions = {}): Promise<CommandsResponse> {
    const wait = Math.max(0, Math.min(PLUGIN_COMMANDS_MAX_WAIT_SECONDS, Math.floor(waitSeconds)));
    const timeoutMs = Math.max(this.options.timeoutMs ?? 10_000, wait * 1000 + 10_000);
    return this.call(`commands?wait=${wait}`, undefined, { maxAttempts: 1, ...options }, timeoutMs);
  }

  /** Aborts every call still waiting or retrying. */
  close(): void {
    this.closing.abort();
  }

  /** `body` undefined sends a GET. */
  private async call<T>(path: string, body: unknown, options: CallOptions, timeoutMs?: number): Promise<T> {
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.closing.signal])
      : this.closing.signal;
    const maxAttempts = Math.max(1, options.maxAttempts ?? 1);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.send<T>(path, payload, signal, timeoutMs);
      } catch (error) {
        if (!(error instanceof PluginApiError) || !error.retryable || attempt >= maxAttempts) throw error;
        const backoff = backoffDelay(attempt - 1, this.options.backoff);
        const delayMs =
          error instanceof PluginRateLimitError ? Math.max(error.retryAfterMs, backoff) : backoff;
        this.options.onRetry?.({ path, attempt, delayMs, error });
        await sleep(delayMs, signal);
      }
    }
  }

  private async send<T>(
    path: string,
    payload: string | undefined,
    signal: AbortSignal,
    timeoutMs = this.options.timeoutMs ?? 10_000,
  ): Promise<T> {
    if (signal.aborted) throw new AbortedError();
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.token}` };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl}/${path}`, {
        method: payload === undefined ? 'GET' : 'POST',
        headers,
        body: payload,
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      if (signal.aborted) throw new AbortedError();
      const reason = error instanceof Error ? error.message : String(error);
      throw new PluginUnavailableError(`The panel could not be reached: ${reason}`, 0, 'NETWORK_ERROR');
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const envelope = (json ?? {}) as { success?: boolean; data?: T };
    if (response.ok && envelope.success !== false && 'data' in envelope) return envelope.data as T;
    if (response.ok)
      throw new PluginUnavailableError('The panel answered without data', response.status, 'BAD_RESPONSE');
    throw errorOf(response.status, envelope as object, response.headers.get('retry-after'));
  }
}
