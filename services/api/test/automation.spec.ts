// Server automation (Premium): every route for each role, a Free network, bad input; schedules that
// run their actions in order through the commands path with each outcome recorded; a chat trigger
// answered by a broadcast; a dry run over logged events; a missed schedule; the network's budget.
import {
  AUTOMATION_LIMITS,
  planRequiredMessage,
  type Automation,
  type AutomationInput,
  type AutomationRun,
  type AutomationRunsPage,
  type DryRunResponse,
} from '@outpost/contracts';
import { AUTOMATION_MESSAGES } from '@outpost/validation';
import { AutomationRuns } from '../src/modules/automation/automation-runs';
import { AutomationScheduler } from '../src/modules/automation/automation-scheduler';
import { AutomationExecutor } from '../src/modules/automation/automation-executor';
import { AutomationRecord, AutomationRunActionRecord } from '../src/modules/automation/automation.entity';
import {
  ACTORS,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  statusesFor,
  type Crew,
} from './support/crew';
import { setPlan } from './support/plans';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import { until } from './support/until';
import type { TestApp } from './support';

const PLAN_REQUIRED = { success: false, code: 'plan_required', error: planRequiredMessage('automation') };

const countdown = (overrides: Partial<AutomationInput> = {}): AutomationInput => ({
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

const chatTrigger = (overrides: Partial<AutomationInput> = {}): AutomationInput => ({
  name: 'Discord link',
  enabled: true,
  serverIds: null,
  trigger: { event: 'chat.message', pattern: '^!discord\\b' },
  actions: [{ type: 'broadcast', message: 'Join us: discord.gg/outpost, {player.name}' }],
  ...overrides,
});

describe('automation', () => {
  let t: TestApp;
  let crew: Crew;
  let server: { id: string; token: string };
  const base = () => `/api/networks/${crew.network.id}/automations`;

  beforeAll(async () => {
    ({ t, crew } = await createWorld());
    server = await addServer(crew.owner, crew.network.id, 'EU Main');
    await setPlan(t, crew.owner.user.id, 'premium');
    await heartbeat(t, server.token, []);
  });
  afterAll(() => t.close());

  const create = async (body: AutomationInput): Promise<Automation> =>
    expectStatus(await crew.owner.agent.post(base()).send(body), 201).body.data as Automation;
  const runsOf = async (automationId: string): Promise<AutomationRun[]> =>
    (
      expectStatus(await crew.owner.agent.get(`${base()}/${automationId}/runs`), 200).body
        .data as AutomationRunsPage
    ).runs;
  /**
   * Plays the plugin of `target` (the suite's server by default): takes its commands with the
   * long-poll (which answers as soon as one is queued) and reports each done, answering what they
   * were.
   */
  const carryOut = async (
    target: { token: string } = server,
    result: { ok: boolean; output: string } = { ok: true, output: '' },
  ): Promise<string[]> => {
    const res = expectStatus(
      await t.http.get('/api/plugin/v1/commands?wait=2').set('Authorization', `Bearer ${target.token}`),
      200,
    );
    const commands = (res.body.data as { commands: { id: string; command?: string }[] }).commands;
    for (const command of commands)
      expectStatus(await pluginCall(t, target.token, `commands/${command.id}/result`, result), 200);
    return commands.map((command) => command.command ?? '');
  };
  /** A server of its own (the plugin's calls are limited per server). */
  const freshServer = async (name: string) => {
    const added = await addServer(crew.owner, crew.network.id, name);
    await heartbeat(t, added.token, []);
    return added;
  };

  describe('GET /api/networks/{networkId}/automations', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(base());
      expect(res.status).toBe(statusesFor('automation.view')[actor]);
    });

    it('answers 403 plan_required on a Free network, after membership', async () => {
      await setPlan(t, crew.owner.user.id, 'free');
      try {
        for (const actor of ACTORS) {
          const res = await agentOf(t, crew, actor).get(base());
          const expected = { ...statusesFor('automation.view', { ok: 403 }) }[actor];
          expect([actor, res.status]).toEqual([actor, expected]);
          if (actor === 'owner') expect(res.body).toEqual(PLAN_REQUIRED);
        }
      } finally {
        await setPlan(t, crew.owner.user.id, 'premium');
      }
    });
  });

  describe('POST /api/networks/{networkId}/automations', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor)
        .post(base())
        .send(countdown({ name: `By ${actor}` }));
      expect(res.status).toBe(statusesFor('automation.manage', { ok: 201, write: true })[actor]);
    });

    it('stores a schedule with its next run, read back the same', async () => {
      const automation = await create(countdown());
      expect(automation).toMatchObject({ kind: 'schedule', enabled: true, serverIds: null, lastRun: null });
      expect(Date.parse(automation.nextRunAt ?? '')).toBeGreaterThan(Date.now());
      expect(new Date(automation.nextRunAt ?? '').getUTCMinutes()).toBe(0);
      const read = expectStatus(await crew.moderator.agent.get(`${base()}/${automation.id}`), 200).body.data;
      expect(read).toEqual(automation);
    });

    it('refuses bad input with the field and the message, storing nothing', async () => {
      const before = await countRows(t, 'automations');
      const cases: [unknown, { field: string; message: string }][] = [
        [
          { ...countdown(), schedule: { cron: 'every day', timezone: 'UTC' } },
          { field: 'schedule.cron', message: AUTOMATION_MESSAGES.cron },
        ],
        [
          { ...countdown(), schedule: { cron: '0 5 * * *', timezone: 'Mars/Base' } },
          { field: 'schedule.timezone', message: AUTOMATION_MESSAGES.timezone },
        ],
        [
          chatTrigger({ trigger: { event: 'chat.message', pattern: '(a+)+$' } }),
          { field: 'trigger.pattern', message: AUTOMATION_MESSAGES.patternUnsafe },
        ],
        [
          chatTrigger({ trigger: { event: 'chat.message', pattern: 'x'.repeat(201) } }),
          { field: 'trigger.pattern', message: AUTOMATION_MESSAGES.pattern },
        ],
        [
          { ...countdown(), trigger: { event: 'server.online' } },
          { field: 'trigger', message: AUTOMATION_MESSAGES.oneOf },
        ],
        [
          chatTrigger({ actions: [{ type: 'ban', reason: 'x', durationMinutes: 60 } as never] }),
          { field: 'actions.0.scope', message: AUTOMATION_MESSAGES.scope },
        ],
        [
          countdown({ actions: [{ type: 'kick', reason: 'x' }] }),
          { field: 'actions.0.type', message: AUTOMATION_MESSAGES.playerActionOnSchedule },
        ],
        [
          countdown({ actions: [{ type: 'broadcast', message: 'x', delaySeconds: 901 }] }),
          { field: 'actions.0.delaySeconds', message: AUTOMATION_MESSAGES.delaySeconds },
        ],
        [
          countdown({ serverIds: ['not-a-server'] }),
          { field: 'serverIds', message: AUTOMATION_MESSAGES.unknownServer },
        ],
        [
          chatTrigger({ actions: [{ type: 'alert', channelIds: ['nope'] }] }),
          { field: 'actions.0.channelIds', message: AUTOMATION_MESSAGES.unknownChannel },
        ],
        [
          { ...countdown(), owner: 'me' },
          { field: 'owner', message: 'Unknown field "owner"' },
        ],
      ];
      for (const [body, detail] of cases) {
        const res = expectStatus(await crew.owner.agent.post(base()).send(body as object), 400);
        expect(res.body.details).toContainEqual(detail);
      }
      expect(await countRows(t, 'automations')).toBe(before);
    });

    it('refuses a server of another network', async () => {
      const foreign = await addServer(crew.owner, (await createOtherNetwork()).id, 'Theirs');
      const res = expectStatus(
        await crew.owner.agent.post(base()).send(countdown({ serverIds: [foreign.id] })),
        400,
      );
      expect(res.body.details).toEqual([{ field: 'serverIds', message: AUTOMATION_MESSAGES.unknownServer }]);
    });
  });

  const createOtherNetwork = async () =>
    expectStatus(await crew.owner.agent.post('/api/networks').send({ name: 'Second' }), 201).body.data as {
      id: string;
    };

  describe('GET|PATCH|DELETE /api/networks/{networkId}/automations/{automationId}', () => {
    let automation: Automation;
    beforeAll(async () => {
      automation = await create(countdown({ name: 'Matrix' }));
    });

    it.each(ACTORS)('GET answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(`${base()}/${automation.id}`);
      expect(res.status).toBe(statusesFor('automation.view')[actor]);
    });

    it.each(ACTORS)('PATCH answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor)
        .patch(`${base()}/${automation.id}`)
        .send({ name: `Matrix ${actor}` });
      expect(res.status).toBe(statusesFor('automation.manage', { write: true })[actor]);
    });

    it('PATCH judges the automation whole, and a disabled schedule has no next run', async () => {
      const off = expectStatus(
        await crew.admin.agent.patch(`${base()}/${automation.id}`).send({ enabled: false }),
        200,
      );
      expect(off.body.data).toMatchObject({ enabled: false, nextRunAt: null });
      const bad = expectStatus(
        await crew.admin.agent
          .patch(`${base()}/${automation.id}`)
          .send({ actions: [{ type: 'note', text: 'x' }] }),
        400,
      );
      expect(bad.body.details).toEqual([
        { field: 'actions.0.type', message: AUTOMATION_MESSAGES.playerActionOnSchedule },
      ]);
      expectStatus(await crew.admin.agent.patch(`${base()}/${automation.id}`).send({}), 400);
      // Another network's id is not found.
      expectStatus(
        await crew.owner.agent
          .patch(`/api/networks/${crew.network.id}/automations/00000000-0000-0000-0000-000000000000`)
          .send({ enabled: true }),
        404,
      );
    });

    it.each(ACTORS)('DELETE answers %s as the role matrix says', async (actor) => {
      const target = await create(countdown({ name: `Delete ${actor}` }));
      const res = await agentOf(t, crew, actor).delete(`${base()}/${target.id}`);
      expect(res.status).toBe(statusesFor('automation.manage', { write: true })[actor]);
      const left = await countRows(t, 'automations', { id: target.id });
      expect(left).toBe(res.status === 200 ? 0 : 1);
    });
  });

  describe('GET /api/networks/{networkId}/automation-templates', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(`/api/networks/${crew.network.id}/automation-templates`);
      expect(res.status).toBe(statusesFor('automation.view')[actor]);
    });

    it('offers the templates, each a body the API takes (the reports one once a channel is chosen)', async () => {
      const res = expectStatus(
        await crew.owner.agent.get(`/api/networks/${crew.network.id}/automation-templates`),
        200,
      );
      const templates = res.body.data as { id: string; automation: AutomationInput }[];
      expect(templates.map((template) => template.id)).toEqual([
        'restart-countdown',
        'wipe-day',
        'welcome',
        'kick-name',
        'warn-keyword',
        'reports-to-discord',
      ]);
      const channels = expectStatus(
        await crew.owner.agent.get(`/api/networks/${crew.network.id}/alert-channels`),
        200,
      ).body.data as { id: string }[];
      for (const { automation } of templates) {
        const body = {
          ...automation,
          enabled: false,
          actions: automation.actions.map((action) =>
            action.type === 'alert' ? { ...action, channelIds: [channels[0].id] } : action,
          ),
        };
        expectStatus(await crew.owner.agent.post(base()).send(body), 201);
      }
    });
  });

  describe('POST .../{automationId}/run (Run now)', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const automation = await create(
        countdown({ name: `Run ${actor}`, actions: [{ type: 'broadcast', message: 'hi' }] }),
      );
      const res = await agentOf(t, crew, actor).post(`${base()}/${automation.id}/run`);
      expect(res.status).toBe(statusesFor('automation.manage', { ok: 202, write: true })[actor]);
      await carryOut();
    });

    it('runs the actions in order, each after the one before reached its outcome, and records each', async () => {
      const automation = await create(countdown({ serverIds: [server.id] }));
      const started = expectStatus(await crew.owner.agent.post(`${base()}/${automation.id}/run`), 202).body
        .data;
      const sent: string[] = [];
      const run = await until(async () => {
        sent.push(...(await carryOut()));
        const [latest] = await runsOf(automation.id);
        return latest?.status === 'succeeded' ? latest : null;
      }, 'the run to succeed');
      expect(run.id).toBe(started.runId);
      expect(sent).toEqual(['say Restart in 5 minutes on EU Main', 'say Restart in 1 minute', 'restart 60']);
      expect(run).toMatchObject({ cause: 'manual', serverId: server.id, serverName: 'EU Main' });
      expect(run.actions.map((action) => [action.type, action.status, action.sent])).toEqual([
        ['broadcast', 'succeeded', 'say Restart in 5 minutes on EU Main'],
        ['broadcast', 'succeeded', 'say Restart in 1 minute'],
        ['console', 'succeeded', 'restart 60'],
      ]);
      // The delay counts from when the game server took the action before.
      expect(Date.parse(run.actions[1].dueAt) - Date.parse(run.actions[0].dueAt)).toBeGreaterThanOrEqual(
        1000,
      );
      const audit = expectStatus(
        await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit?action=automation.ran`),
        200,
      ).body.data as { entries: { actorName: string; details: { runId: string; status: string } }[] };
      expect(audit.entries.find((entry) => entry.details.runId === run.id)).toMatchObject({
        actorName: 'Automation “Restart countdown”',
        details: { status: 'succeeded' },
      });
    });

    it('stops at a failed action unless it says to go on', async () => {
      const automation = await create(
        countdown({
          name: 'Stops',
          serverIds: [server.id],
          actions: [
            { type: 'console', command: 'oxide.reload Broken' },
            { type: 'broadcast', message: 'never' },
          ],
        }),
      );
      expectStatus(await crew.owner.agent.post(`${base()}/${automation.id}/run`), 202);
      const run = await until(async () => {
        await carryOut(server, { ok: false, output: 'Plugin not found' });
        const [latest] = await runsOf(automation.id);
        return latest?.status === 'failed' ? latest : null;
      }, 'the run to fail');
      expect(run.actions.map((action) => [action.status, action.detail])).toEqual([
        ['failed', 'Plugin not found'],
        ['skipped', 'Not run: an earlier action failed'],
      ]);
    });

    it('answers 409 for a trigger', async () => {
      const trigger = await create(chatTrigger({ enabled: false }));
      expectStatus(await crew.owner.agent.post(`${base()}/${trigger.id}/run`), 409);
    });
  });

  describe('triggers', () => {
    it('answers a chat message that matches with a broadcast naming the player, once', async () => {
      const automation = await create(chatTrigger({ name: 'Discord answer' }));
      const rex = steamIdOf(71);
      const events = [
        {
          id: 'chat-1',
          type: 'chat',
          at: new Date().toISOString(),
          steamId: rex,
          name: 'Rex "; ban 1',
          message: '!discord please',
        },
        {
          id: 'chat-2',
          type: 'chat',
          at: new Date().toISOString(),
          steamId: rex,
          name: 'Rex',
          message: 'no match',
        },
        {
          id: 'chat-3',
          type: 'chat',
          at: new Date().toISOString(),
          steamId: '12345',
          name: 'SERVER',
          message: '!discord',
        },
      ];
      expectStatus(await pluginCall(t, server.token, 'events', { events }), 200);
      // A retried batch is stored once, and answered once.
      expectStatus(await pluginCall(t, server.token, 'events', { events }), 200);
      const sent: string[] = [];
      const run = await until(async () => {
        sent.push(...(await carryOut()));
        const [latest] = await runsOf(automation.id);
        return latest?.status === 'succeeded' ? latest : null;
      }, 'the chat trigger to run');
      expect(run).toMatchObject({
        cause: 'chat.message',
        steamId: rex,
        summary: 'Rex "; ban 1 said “!discord please”',
      });
      expect(sent).toEqual(['say Join us: discord.gg/outpost, Rex "； ban 1']);
      expect(await runsOf(automation.id)).toHaveLength(1);
      expectStatus(await crew.owner.agent.patch(`${base()}/${automation.id}`).send({ enabled: false }), 200);
    });

    it('a dry run lists the logged events that would have fired and what each action would send', async () => {
      const automation = await create(
        chatTrigger({
          name: 'Dry',
          enabled: false,
          trigger: { event: 'chat.message', pattern: '!(discord|rules)' },
        }),
      );
      const res = expectStatus(await crew.owner.agent.post(`${base()}/${automation.id}/dry-run`), 200);
      const dry = res.body.data as DryRunResponse;
      expect(dry.replayable).toBe(true);
      expect(dry.examined).toBeGreaterThanOrEqual(2);
      expect(dry.matches).toEqual([
        expect.objectContaining({
          serverName: 'EU Main',
          steamId: steamIdOf(71),
          actions: [
            { position: 0, type: 'broadcast', sent: 'say Join us: discord.gg/outpost, Rex "； ban 1' },
          ],
        }),
      ]);
      // It acted on nothing.
      expect(await runsOf(automation.id)).toEqual([]);
      for (const actor of ACTORS) {
        const answer = await agentOf(t, crew, actor).post(`${base()}/${automation.id}/dry-run`);
        expect([actor, answer.status]).toEqual([
          actor,
          statusesFor('automation.manage', { write: true })[actor],
        ]);
      }
    });
  });

  it('fails an action a stopped leader claimed but never marked sent, and the run with it', async () => {
    const automation = await create(
      countdown({
        name: 'Interrupted',
        serverIds: [server.id],
        actions: [
          { type: 'broadcast', message: 'later', delaySeconds: 900 },
          { type: 'broadcast', message: 'never' },
        ],
      }),
    );
    const { runId } = expectStatus(await crew.owner.agent.post(`${base()}/${automation.id}/run`), 202).body
      .data;
    // As a leader that claimed the first action and stopped before it said what became of it.
    await t.orm.em
      .fork()
      .nativeUpdate(
        AutomationRunActionRecord,
        { runId, position: 0 },
        { startedAt: new Date(Date.now() - 120_000) },
      );
    await t.app.get(AutomationExecutor).repair();
    const [run] = await runsOf(automation.id);
    expect(run).toMatchObject({ id: runId, status: 'failed' });
    expect(run.actions.map((action) => action.status)).toEqual(['failed', 'skipped']);
    expect(run.actions[0].detail).toMatch(/^Interrupted: the panel stopped while sending it/);
  });

  describe('schedules', () => {
    it('claims each occurrence once, and records one found over 5 minutes late as missed', async () => {
      const automation = await create(countdown({ name: 'Missed', serverIds: [server.id] }));
      const em = t.orm.em.fork();
      const late = new Date(Date.now() - 10 * 60_000);
      await em.nativeUpdate(AutomationRecord, { id: automation.id }, { nextRunAt: late });
      const scheduler = t.app.get(AutomationScheduler);
      await Promise.all([scheduler.tick(), scheduler.tick(), scheduler.tick()]);
      const runs = await runsOf(automation.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ cause: 'schedule', status: 'missed', dueAt: late.toISOString() });
      expect(runs[0].actions.every((action) => action.status === 'skipped')).toBe(true);
      const next = (await em.findOneOrFail(AutomationRecord, { id: automation.id })).nextRunAt;
      expect(next!.getTime()).toBeGreaterThan(Date.now());
    });

    it('runs one due a moment ago', async () => {
      const automation = await create(
        countdown({ name: 'Due', serverIds: [server.id], actions: [{ type: 'broadcast', message: 'tick' }] }),
      );
      await t.orm.em
        .fork()
        .nativeUpdate(AutomationRecord, { id: automation.id }, { nextRunAt: new Date(Date.now() - 30_000) });
      const run = await until(async () => {
        await carryOut();
        const [latest] = await runsOf(automation.id);
        return latest?.status === 'succeeded' ? latest : null;
      }, 'the schedule to run');
      expect(run.cause).toBe('schedule');
    });

    it('starts the schedules due together at once, each once, and one that cannot move on holds up no other', async () => {
      const together = await freshServer('Together');
      const make = (name: string) =>
        create(
          countdown({ name, serverIds: [together.id], actions: [{ type: 'broadcast', message: name }] }),
        );
      const sound = [await make('Together A'), await make('Together B'), await make('Together C')];
      const broken = await make('Together broken');
      const dueAt = new Date(Date.now() - 20_000);
      const em = t.orm.em.fork();
      await em.nativeUpdate(
        AutomationRecord,
        { id: { $in: [...sound, broken].map((automation) => automation.id) } },
        { nextRunAt: dueAt },
      );
      // As a row changed behind the API's back: its cron cannot be read, so its next time cannot be found.
      await em.nativeUpdate(
        AutomationRecord,
        { id: broken.id },
        { schedule: { cron: 'not a cron', timezone: 'UTC', onlyWhenOnline: false } },
      );
      const scheduler = t.app.get(AutomationScheduler);
      await Promise.all([scheduler.tick(), scheduler.tick()]);
      for (const automation of sound) {
        expect(await runsOf(automation.id)).toEqual([
          expect.objectContaining({ cause: 'schedule', dueAt: dueAt.toISOString() }),
        ]);
        const next = (await em.fork().findOneOrFail(AutomationRecord, { id: automation.id })).nextRunAt;
        expect(next!.getTime()).toBeGreaterThan(Date.now());
      }
      // Still due (it is looked at again), and started once however often it is.
      await scheduler.tick();
      expect(await runsOf(broken.id)).toHaveLength(1);
      await em.nativeUpdate(AutomationRecord, { id: broken.id }, { enabled: false });
    });

    it('starts an occurrence once when the leader stopped while starting it (the next look starts it)', async () => {
      const quiet = await freshServer('Interrupted schedule');
      const automation = await create(
        countdown({
          name: 'Interrupted schedule',
          serverIds: [quiet.id],
          actions: [{ type: 'broadcast', message: 'tick' }],
        }),
      );
      // As a leader killed (or whose database went away) while it started this occurrence's runs:
      // every start of them fails during the first look.
      const runs = t.app.get(AutomationRuns);
      const startMany = runs.startMany.bind(runs);
      let failing = true;
      let interrupted = 0;
      const spy = jest.spyOn(runs, 'startMany').mockImplementation((inputs) => {
        if (!failing || !inputs.some((input) => input.automation.id === automation.id))
          return startMany(inputs);
        interrupted += 1;
        return Promise.reject(new Error('the leader stopped'));
      });
      const dueAt = new Date(Date.now() - 30_000);
      const em = t.orm.em.fork();
      await em.nativeUpdate(AutomationRecord, { id: automation.id }, { nextRunAt: dueAt });
      try {
        const scheduler = t.app.get(AutomationScheduler);
        await scheduler.tick();
        expect(interrupted).toBeGreaterThan(0);
        expect(await runsOf(automation.id)).toEqual([]);
        failing = false;
        const started = await until(async () => {
          await scheduler.tick();
          const all = await runsOf(automation.id);
          return all.length > 0 ? all : null;
        }, 'the occurrence to start after all');
        await Promise.all([scheduler.tick(), scheduler.tick()]);
        expect(await runsOf(automation.id)).toEqual([
          expect.objectContaining({ id: started[0].id, cause: 'schedule', dueAt: dueAt.toISOString() }),
        ]);
        const next = (await em.findOneOrFail(AutomationRecord, { id: automation.id })).nextRunAt;
        expect(next!.getTime()).toBeGreaterThan(Date.now());
      } finally {
        spy.mockRestore();
      }
    });
  });

  it(`runs at most ${AUTOMATION_LIMITS.actionsPerMinute} actions a minute in a network, the rest skipped with the reason`, async () => {
    const noisy = await freshServer('Noisy');
    const automation = await create(
      countdown({
        name: 'Noisy',
        serverIds: [noisy.id],
        actions: Array.from({ length: 20 }, (_, i) => ({
          type: 'broadcast' as const,
          message: `line ${i}`,
          continueOnFailure: true,
        })),
      }),
    );
    for (let i = 0; i < 4; i += 1)
      expectStatus(await crew.owner.agent.post(`${base()}/${automation.id}/run`), 202);
    const runs = await until(async () => {
      await carryOut(noisy);
      const all = await runsOf(automation.id);
      return all.length === 4 && all.every((run) => run.status !== 'running') ? all : null;
    }, 'four runs to end');
    const actions = runs.flatMap((run) => run.actions);
    const skipped = actions.filter((action) => action.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped[0].detail).toMatch(
      /ran 60 automation actions in the last minute|the one before it was skipped/,
    );
  });
});
