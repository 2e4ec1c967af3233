// The fencing token of a server's RCON connection (server_rcon.owner_token): each claim raises it,
// and once a newer owner's token is in the row, the connection of an older one has its state
// reports refused and ends at its next look. One app, no Redis (the leader holds connections).
import type { RconStatus } from '@outpost/contracts';
import { Logger } from '@nestjs/common';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { signIn } from '../../../test/support/auth';
import { createNetwork, expectStatus } from '../../../test/support/crew';
import { addServer } from '../../../test/support/plugin';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { RCON_LOOK_MS } from './rcon-connections';

const PASSWORD = 'fenced password';

const until = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('RCON connection fencing', () => {
  let t: TestApp;
  let emulator: WebRconEmulator;
  beforeAll(async () => {
    emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Fenced' });
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await emulator.stop();
  });

  const rowOf = async (serverId: string) =>
    (
      await t.orm.em
        .fork()
        .getConnection()
        .execute<{ owner_token: number; state: string; last_error: string | null }[]>(
          'select owner_token, state, last_error from server_rcon where server_id = ?',
          [serverId],
        )
    )[0];

  it('ends a connection whose token a newer owner passed, its reports refused; a later claim goes above it', async () => {
    const said = jest.spyOn(Logger.prototype, 'log');
    const owner = await signIn(t, { name: 'Fence Owner' });
    const network = await createNetwork(owner);
    const server = await addServer(owner, network.id, 'Fenced');
    const save = async () =>
      expectStatus(
        await owner.agent
          .put(`/api/servers/${server.id}/rcon`)
          .send({ host: '127.0.0.1', port: emulator.port, password: PASSWORD }),
        200,
      );
    const state = async () =>
      (expectStatus(await owner.agent.get(`/api/servers/${server.id}/rcon`), 200).body.data as RconStatus)
        .state;

    await save();
    await until(async () => (await state()) === 'connected', 'connected');
    const first = Number((await rowOf(server.id)).owner_token);
    expect(first).toBeGreaterThan(0);
    expect(emulator.clients).toBe(1);

    // Another instance claimed it meanwhile (its token is greater), and wrote its own state.
    await t.orm.em
      .fork()
      .getConnection()
      .execute(
        "update server_rcon set owner_token = ?, state = 'unreachable', last_error = 'elsewhere' where server_id = ?",
        [first + 1, server.id],
      );
    // The game drops the connection: this instance's translator reports it and reconnects, and
    // none of its reports is written over the newer owner's; its next look ends it.
    await emulator.restart();
    await until(
      () =>
        said.mock.calls.some(([line]) => String(line).includes('another instance holds the connection now')),
      'the connection ending here',
      RCON_LOOK_MS + 5_000,
    );
    await until(() => emulator.clients === 0, 'the connection closed', 2_000);
    expect(await rowOf(server.id)).toMatchObject({ state: 'unreachable', last_error: 'elsewhere' });

    // Here nobody else exists to hold it: the leader claims it again at a later look, above that token.
    await until(async () => (await state()) === 'connected', 'connected again', RCON_LOOK_MS + 5_000);
    expect(Number((await rowOf(server.id)).owner_token)).toBe(first + 2);
    expect(emulator.clients).toBe(1);
  });
});
