// Server automation (Premium), schedules due together: their runs go in first, then the schedules
// move on and the runs' actions are stored; a run whose actions never came (the panel stopped in
// between) fails with why, and the rows go in with one statement a batch on either database.
import { randomUUID } from 'node:crypto';
import { boundRows, insertRows, placeholders } from '../src/core/database';
import { AutomationExecutor } from '../src/modules/automation/automation-executor';
import { AutomationRuns } from '../src/modules/automation/automation-runs';
import { AutomationScheduler } from '../src/modules/automation/automation-scheduler';
import { AutomationRecord, AutomationRunRecord } from '../src/modules/automation/automation.entity';
import { countdown, useAutomationWorld } from './support/automation-world';
import { expectStatus } from './support/crew';

describe('automation bursts', () => {
  const { w, base, create, runsOf, freshServer } = useAutomationWorld();

  const dueTogether = async (names: string[], serverId: string) => {
    const made = [];
    for (const name of names)
      made.push(
        await create(
          countdown({ name, serverIds: [serverId], actions: [{ type: 'broadcast', message: name }] }),
        ),
      );
    const dueAt = new Date(Date.now() - 20_000);
    await w.t.orm.em
      .fork()
      .nativeUpdate(AutomationRecord, { id: { $in: made.map(({ id }) => id) } }, { nextRunAt: dueAt });
    return { made, dueAt };
  };

  it('starts the runs of schedules due together, then moves each on and stores their actions', async () => {
    const server = await freshServer('Burst');
    const { made, dueAt } = await dueTogether(['Burst A', 'Burst B', 'Burst C'], server.id);
    expect(await w.t.app.get(AutomationScheduler).tick()).toBeGreaterThanOrEqual(3);
    for (const automation of made) {
      const [run, ...more] = await runsOf(automation.id);
      expect(more).toEqual([]);
      expect(run).toMatchObject({ cause: 'schedule', status: 'running', dueAt: dueAt.toISOString() });
      // Its one action is there, due at once (the executor may have sent it by now).
      expect(run.actions.map((action) => [action.type, action.dueAt !== null])).toEqual([
        ['broadcast', true],
      ]);
      const stored = await w.t.orm.em.fork().findOneOrFail(AutomationRecord, { id: automation.id });
      expect(stored.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('fails a run whose actions were never stored, with why, once; its schedule still moved on', async () => {
    const server = await freshServer('Cut short');
    const { made } = await dueTogether(['Cut short'], server.id);
    const runs = w.t.app.get(AutomationRuns);
    // As a panel that stopped once the runs were in, before their actions.
    const spy = jest.spyOn(runs, 'storeActions').mockRejectedValue(new Error('the panel stopped'));
    try {
      await w.t.app.get(AutomationScheduler).tick();
    } finally {
      spy.mockRestore();
    }
    const [automation] = made;
    const [run] = await runsOf(automation.id);
    expect(run).toMatchObject({ status: 'running', actions: [] });
    expect(
      (await w.t.orm.em.fork().findOneOrFail(AutomationRecord, { id: automation.id })).nextRunAt!.getTime(),
    ).toBeGreaterThan(Date.now());
    // Within the executor's wait for a stalled run, it is left as it is.
    const executor = w.t.app.get(AutomationExecutor);
    await executor.repair();
    expect((await runsOf(automation.id))[0].status).toBe('running');
    await w.t.orm.em
      .fork()
      .nativeUpdate(AutomationRunRecord, { id: run.id }, { startedAt: new Date(Date.now() - 120_000) });
    await executor.repair();
    await executor.repair();
    const [ended, ...more] = await runsOf(automation.id);
    expect(more).toEqual([]);
    expect(ended).toMatchObject({
      id: run.id,
      status: 'failed',
      reason: 'Its actions were not stored: the panel stopped as it started the run',
    });
    const audit = expectStatus(
      await w.crew.owner.agent.get(`/api/networks/${w.crew.network.id}/audit?action=automation.ran`),
      200,
    ).body.data as { entries: { details: { runId: string; status: string } }[] };
    expect(audit.entries.filter((entry) => entry.details.runId === run.id)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ status: 'failed' }) }),
    ]);
  });

  describe('a schedule read before its time', () => {
    /** Makes the schedule due in a moment and lets the scheduler's loop read it before then. */
    const dueSoon = async (name: string, edit?: (id: string) => Promise<void>) => {
      const server = await freshServer(name);
      const automation = await create(
        countdown({ name, serverIds: [server.id], actions: [{ type: 'broadcast', message: 'as read' }] }),
      );
      const { due } = w.t.app.get(AutomationScheduler);
      const prepare = due.prepare.bind(due);
      const readWith = jest.spyOn(due, 'readWith');
      const prepared = jest.spyOn(due, 'prepare').mockImplementation(async (at) => {
        const ahead = await prepare(at);
        // Changed after it was read, before its time.
        if (ahead.schedules.has(automation.id)) await edit?.(automation.id);
        return ahead;
      });
      try {
        await w.t.orm.em
          .fork()
          .nativeUpdate(AutomationRecord, { id: automation.id }, { nextRunAt: new Date(Date.now() + 450) });
        await w.t.app.get(AutomationScheduler).tick();
        expect(prepared).toHaveBeenCalled();
        // At its time, what was read before it is looked at again (only what changed is read whole).
        expect(readWith).toHaveBeenCalled();
        return await runsOf(automation.id);
      } finally {
        prepared.mockRestore();
        readWith.mockRestore();
      }
    };

    it('starts it as read when it did not change meanwhile', async () => {
      const runs = await dueSoon('Read ahead');
      expect(runs).toHaveLength(1);
      expect(runs[0].actions.map((action) => action.type)).toEqual(['broadcast']);
    });

    it('starts it as it is at its time when it was edited after it was read', async () => {
      const runs = await dueSoon('Edited meanwhile', async (id) => {
        expectStatus(
          await w.crew.owner.agent
            .patch(`${base()}/${id}`)
            .send({ actions: [{ type: 'console', command: 'say edited' }] }),
          200,
        );
      });
      expect(runs).toHaveLength(1);
      expect(runs[0].actions.map((action) => action.type)).toEqual(['console']);
    });
  });

  it("keeps out of its indexes on a player, a command and a start the rows without one (a burst's runs and waiting actions)", async () => {
    const partial = {
      automation_runs_player_index: 'steam_id',
      automation_run_actions_command_index: 'command_id',
      automation_run_actions_network_index: 'started_at',
    };
    const names = Object.keys(partial);
    const query =
      w.t.database.kind === 'postgresql'
        ? 'select indexname as name, indexdef as sql from pg_indexes where indexname in'
        : "select name, sql from sqlite_master where type = 'index' and name in";
    const definitions = await boundRows<{ name: string; sql: string }>(
      w.t.orm.em.fork(),
      `${query} (${placeholders(names)})`,
      names,
    );
    expect(
      Object.fromEntries(
        definitions.map(({ name, sql }) => [name, /where \(?(\w+) is not null\)?$/i.exec(sql)?.[1]]),
      ),
    ).toEqual(partial);
  });

  describe('insertRows', () => {
    const rowOf = (name: string) => ({
      id: randomUUID(),
      network_id: w.crew.network.id,
      steam_id: '76561198000000001',
      text: name,
      author_id: 'tester',
      author_name: `Tester "quoted", ‘curly’ and \\ back\nslash`,
      // As the database's driver takes a date (a number on SQLite, a Date on PostgreSQL).
      created_at: w.t.orm.em.getPlatform().processDateProperty(new Date('2026-11-29T12:00:00.000Z')) as
        Date | number,
    });

    it('stores many rows a batch at a time, each value as given', async () => {
      const rows = Array.from({ length: 2_345 }, (_, i) => rowOf(`note ${i}`));
      const em = w.t.orm.em.fork();
      const ids = await em.transactional((tx) => insertRows(tx, 'player_notes', rows, { returning: 'id' }));
      expect(new Set(ids)).toEqual(new Set(rows.map(({ id }) => id)));
      const stored = await em
        .getConnection()
        .execute<{ text: string; author_name: string; created_at: unknown }[]>(
          'select text, author_name, created_at from player_notes where id = ?',
          [rows[1_234].id],
        );
      expect(stored[0]).toMatchObject({ text: 'note 1234', author_name: rows[0].author_name });
      expect(new Date(stored[0].created_at as string | number).toISOString()).toBe(
        '2026-11-29T12:00:00.000Z',
      );
    });

    it('leaves out the rows a unique index already holds, and answers only those it inserted', async () => {
      const first = rowOf('kept');
      const em = w.t.orm.em.fork();
      await insertRows(em, 'player_notes', [first]);
      const second = rowOf('new');
      const ids = await insertRows(em, 'player_notes', [{ ...first, text: 'replaced?' }, second], {
        ignoreConflictOn: ['id'],
        returning: 'id',
      });
      expect(ids).toEqual([second.id]);
      const [kept] = await em
        .getConnection()
        .execute<{ text: string }[]>('select text from player_notes where id = ?', [first.id]);
      expect(kept.text).toBe('kept');
    });
  });
});
