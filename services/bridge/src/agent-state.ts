import type { AgentStateRequest, RconState } from '@outpost/contracts';
import { PluginApiError, sleep, type PluginClient } from '@outpost/plugin-sdk';
import type { RconStatus } from '@outpost/rcon';

export type AgentStateReporterOptions = {
  /** Cuts the secrets out of a text before it leaves (the RCON password, the token). */
  redact: (text: string) => string;
  /** Delay before retry number `attempt` (from 1). */
  retryDelay: (attempt: number) => number;
  log: (line: string, level: 'info' | 'warn') => void;
};

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Tells the panel how the bridge's RCON connection to the game server is (POST
 * /api/plugin/v1/agent-state), on every change of state and so once after start: the server page
 * then says "wrong password" or "unreachable" instead of waiting for a first report. Only the
 * latest state is sent (a newer one replaces one not delivered yet), again on the retry schedule
 * until the panel takes it. A panel older than the call (404) is not asked again.
 */
export class AgentStateReporter {
  private last: RconState | null = null;
  private pending: AgentStateRequest | null = null;
  private sending: Promise<void> | null = null;
  private unsupported = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly client: Pick<PluginClient, 'reportAgentState'>,
    private readonly options: AgentStateReporterOptions,
  ) {}

  /** The translator's state; sent when it differs from the last one. */
  note(status: RconStatus, now = new Date()): void {
    if (status.state === this.last || this.stopping.signal.aborted) return;
    this.last = status.state;
    const since =
      (status.state === 'connected'
        ? status.connectedAt
        : status.state === 'wrong_password'
          ? status.refusedAt
          : null) ?? now;
    this.pending = {
      state: status.state,
      detail: status.lastError ? this.options.redact(status.lastError).slice(0, 500) : null,
      since: since.toISOString(),
    };
    this.sending ??= this.deliver().finally(() => (this.sending = null));
  }

  /** Resolves once nothing is left to send (or the reporter stopped). */
  async settled(): Promise<void> {
    while (this.sending) await this.sending;
  }

  stop(): void {
    this.stopping.abort();
  }

  private async deliver(): Promise<void> {
    const signal = this.stopping.signal;
    for (let attempt = 1; this.pending && !signal.aborted && !this.unsupported;) {
      const state = this.pending;
      try {
        await this.client.reportAgentState(state, { signal });
        if (this.pending === state) this.pending = null;
        attempt = 1;
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof PluginApiError && error.status === 404) {
          this.unsupported = true;
          this.options.log('the panel does not take the RCON state from the bridge (it is older)', 'info');
          return;
        }
        if (error instanceof PluginApiError && error.status === 400) {
          // Not what the panel takes: sending it again would not change that.
          if (this.pending === state) this.pending = null;
          this.options.log(`the panel refused the RCON state: ${message(error)}`, 'warn');
          continue;
        }
        if (attempt === 1)
          this.options.log(`could not tell the panel the RCON state: ${message(error)}`, 'warn');
        await sleep(this.options.retryDelay(attempt), signal).catch(() => undefined);
        attempt += 1;
      }
    }
  }
}
