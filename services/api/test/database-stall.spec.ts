// A PostgreSQL that stops answering (packets held, not refused), through a TCP proxy in the test:
// every route answers 503 DATABASE_UNAVAILABLE soon (the budget is 1.5 s; the client here gives up
// at 5 s so a hang fails the test), the panel recovers on its own once the database answers again,
// and nothing it acknowledged is lost. SQLite is a local file: there is nothing to stall.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, createTestDatabase, type TestApp } from './support';
import { signIn } from './support/auth';
import { countRows, createNetwork } from './support/crew';
import { addServer, pluginCall } from './support/plugin';

/** Forwards TCP both ways; while stalled it holds every byte (as a dead link would) and delivers it after. */
const startStallingProxy = async (target: { host: string; port: number }) => {
  let stalled = false;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const pipe = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (!stalled) to.write(chunk);
      else waiting.push(() => to.write(chunk));
    });
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(socket);
      });
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stall: () => (stalled = true),
    resume: () => {
      stalled = false;
      for (const deliver of waiting.splice(0)) deliver();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ? describe : describe.skip;

onPostgres('a stalled database', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startStallingProxy>>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const url = new URL(database.env.DATABASE_URL!);
    proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp({ database, env: { DATABASE_URL: url.toString() } });
  });
  afterAll(async () => {
    proxy.resume();
    await t.close();
    await proxy.close();
  });

  it('answers 503 on every kind of route while it stalls, recovers by itself, and loses nothing acknowledged', async () => {
    const owner = await signIn(t, { name: 'Stall Owner' });
    const network = await createNetwork(owner, 'Stall Network');
    const server = await addServer(owner, network.id, 'Stall');
    const event = (id: string) => ({
      events: [{ id, type: 'console', at: new Date().toISOString(), message: id }],
    });
    expect((await pluginCall(t, server.token, 'events', event('before'))).status).toBe(200);

    proxy.stall();
    const stalledAt = Date.now();
    const answers = await Promise.all([
      t.http.get('/health/ready').timeout(5_000),
      owner.agent.get('/api/networks').timeout(5_000),
      owner.agent.get(`/api/servers/${server.id}`).timeout(5_000),
      pluginCall(t, server.token, 'heartbeat', { maxPlayers: 10, players: [] }).timeout(5_000),
      pluginCall(t, server.token, 'events', event('during')).timeout(5_000),
    ]);
    expect(answers.map((res) => res.status)).toEqual([503, 503, 503, 503, 503]);
    // The figure, for the record (the budget is 1.5 s; not asserted beyond the 5 s above).
    console.info(`stalled database: 503 on all five after ${Date.now() - stalledAt} ms`);
    for (const res of answers.slice(1))
      expect(res.body).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });

    proxy.resume();
    let ready = 0;
    for (let tries = 0; tries < 100 && ready !== 200; tries += 1) {
      ready = (await t.http.get('/health/ready')).status;
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(200);
    expect((await owner.agent.get('/api/networks')).status).toBe(200);
    // The refused batch is sent again, as a plugin does: it is stored once, beside the first.
    expect((await pluginCall(t, server.token, 'events', event('during'))).status).toBe(200);
    expect(await countRows(t, 'server_events', { server_id: server.id })).toBe(2);
  });
});
