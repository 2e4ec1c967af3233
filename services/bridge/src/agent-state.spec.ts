import type { AgentStateRequest } from '@outpost/contracts';
import { PluginApiError, PluginUnavailableError } from '@outpost/plugin-sdk';
import type { RconStatus } from '@outpost/rcon';
import { AgentStateReporter } from './agent-state';

const status = (state: RconStatus['state'], lastError: string | null = null): RconStatus => ({
  state,
  lastError,
  connectedAt: state === 'connected' ? new Date('2026-11-23T14:03:00Z') : null,
  refusedAt: state === 'wrong_password' ? new Date('2026-11-23T14:02:00Z') : null,
});

/** A panel whose answers the test decides, one per call, in order. */
const panelAnswering = (...answers: (Error | null)[]) => {
  const sent: AgentStateRequest[] = [];
  const client = {
    reportAgentState: async (state: AgentStateRequest) => {
      sent.push(state);
      const answer = answers.shift() ?? null;
      if (answer) throw answer;
      return { state: state.state, since: state.since };
    },
  };
  return { sent, client };
};

describe('AgentStateReporter', () => {
  const logs: string[] = [];
  const reporterFor = (client: ReturnType<typeof panelAnswering>['client']) =>
    new AgentStateReporter(client, {
      redact: (text) => text.replaceAll('hunter2', '[redacted]'),
      retryDelay: () => 10,
      log: (line) => logs.push(line),
    });
  beforeEach(() => logs.splice(0));

  it('sends each change of state once, since the refusal or the connection, without the password', async () => {
    const panel = panelAnswering();
    const reporter = reporterFor(panel.client);
    const now = new Date('2026-11-23T14:01:00Z');
    reporter.note(status('connecting'), now);
    await reporter.settled();
    reporter.note(status('wrong_password', 'ws://127.0.0.1:28016/hunter2 refused'), now);
    reporter.note(status('wrong_password', 'again'), now);
    await reporter.settled();
    reporter.note(status('connected'), now);
    await reporter.settled();
    expect(panel.sent).toEqual([
      { state: 'connecting', detail: null, since: '2026-11-23T14:01:00.000Z' },
      {
        state: 'wrong_password',
        detail: 'ws://127.0.0.1:28016/[redacted] refused',
        since: '2026-11-23T14:02:00.000Z',
      },
      { state: 'connected', detail: null, since: '2026-11-23T14:03:00.000Z' },
    ]);
  });

  it('tries again while the panel is away, sending only the latest state', async () => {
    const down = () => new PluginUnavailableError('The panel could not be reached', 0, 'NETWORK_ERROR');
    const panel = panelAnswering(down(), down());
    const reporter = reporterFor(panel.client);
    reporter.note(status('connecting'));
    reporter.note(status('unreachable', 'nothing answers'));
    await reporter.settled();
    expect(panel.sent.map((sent) => sent.state)).toEqual(['connecting', 'unreachable', 'unreachable']);
    expect(logs).toEqual(['could not tell the panel the RCON state: The panel could not be reached']);
  });

  it('does not ask a panel older than the call again', async () => {
    const panel = panelAnswering(new PluginApiError('Not found', 404, 'NOT_FOUND'));
    const reporter = reporterFor(panel.client);
    reporter.note(status('connecting'));
    await reporter.settled();
    reporter.note(status('connected'));
    await reporter.settled();
    expect(panel.sent).toHaveLength(1);
    expect(logs).toEqual(['the panel does not take the RCON state from the bridge (it is older)']);
  });
});
