import type { EntityManager } from '@mikro-orm/core';
import { AutomationRecord } from './automation.entity';
import { TriggerCache } from './trigger-cache';

/** The rows the cache reads, as the ORM would answer them: each read waits until it is let go. */
const tableOf = () => {
  const rows: AutomationRecord[] = [];
  const pending: (() => void)[] = [];
  let reads = 0;
  const em = {
    fork: () => ({
      find: async () => {
        reads += 1;
        const answer = [...rows];
        await new Promise<void>((resolve) => pending.push(resolve));
        return answer;
      },
    }),
  } as unknown as EntityManager;
  const trigger = (name: string, serverIds: string[] | null = null) =>
    rows.push(Object.assign(new AutomationRecord(), { name, triggerEvent: 'chat.message', serverIds }));
  const answerReads = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    pending.splice(0).forEach((resolve) => resolve());
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { em, trigger, answerReads, reads: () => reads };
};

describe('TriggerCache', () => {
  it('reads a network once for the events that come while it reads', async () => {
    const table = tableOf();
    table.trigger('Discord link');
    const cache = new TriggerCache(table.em);
    const asked = Array.from({ length: 5 }, () => cache.of('n1', 'chat.message', 's1'));
    await table.answerReads();
    const answers = await Promise.all(asked);
    expect(answers.map((list) => list.map(({ name }) => name))).toEqual(Array(5).fill(['Discord link']));
    expect(table.reads()).toBe(1);
    // From memory afterwards.
    expect((await cache.of('n1', 'chat.message', 's1')).length).toBe(1);
    expect(table.reads()).toBe(1);
  });

  it('keeps only the triggers of the server asked about', async () => {
    const table = tableOf();
    table.trigger('Everywhere');
    table.trigger('EU only', ['eu']);
    const cache = new TriggerCache(table.em);
    const asked = cache.of('n1', 'chat.message', 'us');
    await table.answerReads();
    expect((await asked).map(({ name }) => name)).toEqual(['Everywhere']);
    expect((await cache.of('n1', 'chat.message', 'eu')).map(({ name }) => name)).toEqual([
      'Everywhere',
      'EU only',
    ]);
    expect(await cache.of('n1', 'player.joined', 'eu')).toEqual([]);
  });

  it('does not keep a read begun before an edit: the next event reads again', async () => {
    const table = tableOf();
    table.trigger('Before the edit');
    const cache = new TriggerCache(table.em);
    const early = cache.of('n1', 'chat.message', 's1');
    cache.forget('n1');
    table.trigger('Added by the edit');
    const late = cache.of('n1', 'chat.message', 's1');
    await table.answerReads();
    expect((await early).map(({ name }) => name)).toEqual(['Before the edit']);
    expect((await late).map(({ name }) => name)).toEqual(['Before the edit', 'Added by the edit']);
    expect(table.reads()).toBe(2);
    // The read begun after the edit is the one kept.
    expect((await cache.of('n1', 'chat.message', 's1')).length).toBe(2);
    expect(table.reads()).toBe(2);
  });
});
