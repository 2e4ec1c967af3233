// The automation suites' world: a Premium network with a server "EU Main" whose plugin the test
// plays, the bodies they start from, and the calls they make (add an automation, read its runs,
// carry out the server's commands, a server of its own).
import type { Automation, AutomationInput, AutomationRun, AutomationRunsPage } from '@outpost/contracts';
import { planRequiredMessage } from '@outpost/contracts';
import { createWorld, expectStatus, type Crew } from './crew';
import { setPlan } from './plans';
import { addServer, heartbeat, pluginCall } from './plugin';
import type { TestApp } from './test-app';

export const PLAN_REQUIRED = {
  success: false,
  code: 'plan_required',
  error: planRequiredMessage('automation'),
};

export const countdown = (overrides: Partial<AutomationInput> = {}): AutomationInput => ({
  name: 'Restart countdown',
  enabled: true,
  serverIds: null,
  schedule: { cron: '0 5 * * *', timezone: 'Europe/Berlin', onlyWhenOnline: false },
  actions: [
    { type: 'broadcast', message: 'Restart in 5 minutes on {server.name}' },
    { type: 'broadcast', message: 'Restart in 1 minute', delaySeconds: 1 },
    { type: 'console', command: 'restart 60' },
  ],
  ...overrides,
});

export const chatTrigger = (overrides: Partial<AutomationInput> = {}): AutomationInput => ({
  name: 'Discord link',
  enabled: true,
  serverIds: null,
  trigger: { event: 'chat.message', pattern: '^!discord\\b' },
  actions: [{ type: 'broadcast', message: 'Join us: discord.gg/outpost, {player.name}' }],
  ...overrides,
});

export type AutomationWorld = { t: TestApp; crew: Crew; server: { id: string; token: string } };

/** Builds the world before the suite's tests (and closes it after them); answers it and its calls. */
export const useAutomationWorld = () => {
  const w = {} as AutomationWorld;
  beforeAll(async () => {
    const { t, crew } = await createWorld();
    const server = await addServer(crew.owner, crew.network.id, 'EU Main');
    await setPlan(t, crew.owner.user.id, 'premium');
    await heartbeat(t, server.token, []);
    Object.assign(w, { t, crew, server });
  });
  afterAll(() => w.t?.close());
  const base = () => `/api/networks/${w.crew.network.id}/automations`;
  const create = async (body: AutomationInput): Promise<Automation> =>
    expectStatus(await w.crew.owner.agent.post(base()).send(body), 201).body.data as Automation;
  const runsOf = async (automationId: string): Promise<AutomationRun[]> =>
    (
      expectStatus(await w.crew.owner.agent.get(`${base()}/${automationId}/runs`), 200).body
        .data as AutomationRunsPage
    ).runs;
  /**
   * Plays the plugin of `target` (the suite's server by default): takes its commands with the
   * long-poll (which answers as soon as one is queued) and reports each done, answering what they
   * were.
   */
  const carryOut = async (
    target: { token: string } = w.server,
    result: { ok: boolean; output: string } = { ok: true, output: '' },
  ): Promise<string[]> => {
    const res = expectStatus(
      await w.t.http.get('/api/plugin/v1/commands?wait=2').set('Authorization', `Bearer ${target.token}`),
      200,
    );
    const commands = (res.body.data as { commands: { id: string; command?: string }[] }).commands;
    for (const command of commands)
      expectStatus(await pluginCall(w.t, target.token, `commands/${command.id}/result`, result), 200);
    return commands.map((command) => command.command ?? '');
  };
  /** A server of its own (the plugin's calls are limited per server). */
  const freshServer = async (name: string) => {
    const added = await addServer(w.crew.owner, w.crew.network.id, name);
    await heartbeat(w.t, added.token, []);
    return added;
  };

  return { w, base, create, runsOf, carryOut, freshServer };
};
