// Server automation (Premium), its runs: Run now's actions in order through the commands path with
// each outcome recorded, a failure stopping the run, a chat trigger answered by a broadcast once, a
// dry run over logged events, a stopped leader's half-done action, missed and due schedules, and
// the network's budget of actions a minute.
import { AUTOMATION_LIMITS, type DryRunResponse } from '@outpost/contracts';
import { AutomationExecutor } from '../src/modules/automation/automation-executor';
import { AutomationRuns } from '../src/modules/automation/automation-runs';
import { AutomationScheduler } from '../src/modules/automation/automation-scheduler';
import { AutomationRecord, AutomationRunActionRecord } from '../src/modules/automation/automation.entity';
import { chatTrigger, countdown, useAutomationWorld, type AutomationWorld } from './support/automation-world';
import { ACTORS, agentOf, expectStatus, statusesFor, type Crew } from './support/crew';
import { pluginCall, steamIdOf } from './support/plugin';
import { until } from './support/until';
import type { TestApp } from './support';

describe('automation runs', () => {
  const { w, base, create, runsOf, carryOut, freshServer } = useAutomationWorld();
  let t: TestApp;
  let crew: Crew;
  let server: AutomationWorld['server'];
  beforeAll(() => ({ t, crew, server } = w));

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
      // Its occurrence runs once; with no next time found it is due no more (not looked at again).
      await scheduler.tick();
      expect(await runsOf(broken.id)).toHaveLength(1);
      expect((await em.fork().findOneOrFail(AutomationRecord, { id: broken.id })).nextRunAt).toBeNull();
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
      const startRuns = runs.startRuns.bind(runs);
      let failing = true;
      let interrupted = 0;
      const spy = jest.spyOn(runs, 'startRuns').mockImplementation((inputs) => {
        if (!failing || !inputs.some((input) => input.automation.id === automation.id))
          return startRuns(inputs);
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
