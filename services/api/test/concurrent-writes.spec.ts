// Requests that race for the same natural key or for a row being deleted: each either succeeds or
// is refused with a 4xx saying why, never a 500, and the rows end as if they had run one by one.
// Runs on SQLite and PostgreSQL alike (there, the statements really run at the same time).
import { RequestContext } from '@mikro-orm/core';
import { UsersService } from '../src/modules/users/users.service';
import { signIn, type TestApp } from './support';
import { countRows, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, pluginCall } from './support/plugin';

const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe('concurrent writes', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());

  it("a server's first RCON settings saved six times at once: all 200, one row, every save counted", async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Race RCON');
    const answers = await times(6, (i) =>
      crew.owner.agent
        .put(`/api/servers/${server.id}/rcon`)
        .send({ host: '127.0.0.1', port: 1, password: `pw-${i}` }),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await countRows(t, 'server_rcon', { server_id: server.id })).toBe(1);
    const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
    const [row] = (await knex('server_rcon').where('server_id', server.id).select('revision')) as {
      revision: number;
    }[];
    expect(Number(row!.revision)).toBe(6);
    expectStatus(await crew.owner.agent.delete(`/api/servers/${server.id}/rcon`), 200);
  });

  it('the first sign-ins of one new e-mail at once all end in the same user', async () => {
    const email = `first-${Date.now()}@example.com`;
    const users = await times(5, (i) =>
      RequestContext.create(t.orm.em, () =>
        t.app.get(UsersService).create(email, { id: `race-user-${i}-${Date.now()}` }),
      ),
    );
    expect(new Set(users.map((user) => user.id)).size).toBe(1);
    expect(await countRows(t, 'users', { email })).toBe(1);
  });

  it('two users claiming one username in two cases at once: one gets it, the other is told it is taken', async () => {
    const [a, b] = await Promise.all([signIn(t), signIn(t)]);
    const answers = await Promise.all([
      a.agent.put('/api/users/me/username').send({ username: 'Raider' }),
      b.agent.put('/api/users/me/username').send({ username: 'raider' }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.status === 409)!;
    expect(refused.body).toMatchObject({ success: false, code: 'CONFLICT' });
  });

  it('the same event batch sent six times at once is stored once', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Race events');
    const batch = {
      events: Array.from({ length: 20 }, (_, i) => ({
        id: `race-${i}`,
        type: 'console',
        at: new Date().toISOString(),
        message: `line ${i}`,
      })),
    };
    const answers = await times(6, () => pluginCall(t, server.token, 'events', batch));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await countRows(t, 'server_events', { server_id: server.id })).toBe(20);
  });

  it('console commands racing the deletion of their server: queued, or refused with a 4xx', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Race delete');
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        crew.owner.agent.post(`/api/servers/${server.id}/console`).send({ command: 'status' }),
      ),
      crew.owner.agent.delete(`/api/servers/${server.id}`),
      ...Array.from({ length: 5 }, () =>
        crew.owner.agent.post(`/api/servers/${server.id}/console`).send({ command: 'say hi' }),
      ),
    ]);
    for (const res of answers) expect([200, 202, 404, 409]).toContain(res.status);
    expect(await countRows(t, 'plugin_commands', { server_id: server.id })).toBe(0);
  });
});
