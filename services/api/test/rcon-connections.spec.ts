// The panel's own RCON connections against a WebRCON emulator (a real `ws` server speaking the
// game's wire format): the real translator, in-process transport, commands and heartbeats.
import { RequestContext } from '@mikro-orm/core';
import type {
  ConsoleResponse,
  CreateServerResponse,
  PlayersListResponse,
  RconStatus,
} from '@outpost/contracts';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { HostResolver } from '../src/core/egress';
import { CommandsService } from '../src/modules/commands/commands.service';
import { RconConnections } from '../src/modules/rcon/rcon-connections';
import { createCrew, expectStatus, type Crew } from './support/crew';
import { addServer } from './support/plugin';
import { createTestApp, type TestApp } from './support';
import { until } from './support/until';

const PASSWORD = 'p@ss/word with spaces';
const REX = { steamId: '76561198000000101', name: 'Rex' };
const ZED = { steamId: '76561198000000102', name: 'Zed' };

describe('RCON connections', () => {
  let t: TestApp;
  let crew: Crew;
  let emulator: WebRconEmulator;
  beforeAll(async () => {
    emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Emulated Vanilla' });
    emulator.addPlayer(REX);
    emulator.addPlayer(ZED);
    t = await createTestApp();
    crew = await createCrew(t);
  });
  afterAll(async () => {
    await t.close();
    await emulator.stop();
  });

  const rconOf = (serverId: string) => `/api/servers/${serverId}/rcon`;
  const status = async (serverId: string) =>
    expectStatus(await crew.owner.agent.get(rconOf(serverId)), 200).body.data as RconStatus;
  const connect = async (server: CreateServerResponse, password = PASSWORD, game = emulator) =>
    expectStatus(
      await crew.owner.agent.put(rconOf(server.id)).send({ host: '127.0.0.1', port: game.port, password }),
      200,
    );
  /**
   * A game of the test's own: every server connected to the shared emulator reports its players,
   * so a player who joins there may be claimed by any of them (one server at a time holds a player).
   */
  const ownGame = async <T>(use: (game: WebRconEmulator) => Promise<T>): Promise<T> => {
    const game = await startWebRconEmulator({ password: PASSWORD, hostname: 'Emulated Vanilla' });
    try {
      return await use(game);
    } finally {
      await game.stop();
    }
  };
  /** A console command queued as the console module queues one. */
  const queueConsole = (serverId: string, command: string) =>
    RequestContext.create(t.orm.em, () =>
      t.app.get(CommandsService).send({
        networkId: crew.network.id,
        serverId,
        type: 'console',
        payload: { command },
        createdAt: new Date(),
      }),
    );
  const playersOf = async (serverId: string) =>
    (
      expectStatus(
        await crew.owner.agent.get(`/api/players?networkId=${crew.network.id}&serverId=${serverId}`),
        200,
      ).body.data as PlayersListResponse
    ).players;

  it('connects a saved server: its state becomes connected and its players appear in the players list', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Vanilla');
    await connect(server);
    const connected = await until(async () => {
      const now = await status(server.id);
      return now.state === 'connected' && now;
    }, 'connected');
    expect(connected).toEqual({
      host: '127.0.0.1',
      port: emulator.port,
      state: 'connected',
      lastError: null,
      connectedAt: expect.any(String),
      refusedAt: null,
    });
    const players = await until(async () => {
      const listed = await playersOf(server.id);
      return listed.length === 2 && listed;
    }, 'the players');
    expect(players.map((p) => p.displayName).sort()).toEqual(['Rex', 'Zed']);
    const read = await crew.owner.agent.get(`/api/servers/${server.id}`).expect(200);
    expect(read.body.data).toMatchObject({ status: 'online', actualName: 'Emulated Vanilla' });
  });

  it('carries a console command queued for the server to the game and brings its output back', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Console');
    await connect(server);
    await until(async () => (await status(server.id)).state === 'connected', 'connected');
    const command = await queueConsole(server.id, 'status');
    const done = await until(async () => {
      const row = await t.orm.em
        .fork()
        .getConnection()
        .execute<{ status: string; output: string | null }[]>(
          'select status, output from plugin_commands where id = ?',
          [command.id],
        );
      return row[0]?.status === 'succeeded' && row[0];
    }, 'the command result');
    expect(emulator.received).toContain('status');
    expect(done.output).toContain('hostname: Emulated Vanilla');
  });

  it('completes a command again when a concurrent write put it back to delivered after its result', async () => {
    // A heartbeat that read the command while pending marks it delivered when it commits, even
    // after the long-poll's path completed it: its next answer carries the command again, and
    // the connection posts the result it kept (the game does not run it twice).
    const server = await addServer(crew.owner, crew.network.id, 'Undone');
    await connect(server);
    await until(async () => (await status(server.id)).state === 'connected', 'connected');
    const ran = emulator.received.filter((line) => line === 'serverinfo.undone').length;
    const command = await queueConsole(server.id, 'serverinfo.undone');
    const statusOf = async () =>
      (
        await t.orm.em
          .fork()
          .getConnection()
          .execute<{ status: string }[]>('select status from plugin_commands where id = ?', [command.id])
      )[0]?.status;
    await until(
      async () => (await statusOf()) !== 'pending' && (await statusOf()) !== 'delivered',
      'a result',
    );
    await t.orm.em
      .fork()
      .getConnection()
      .execute("update plugin_commands set status = 'delivered' where id = ?", [command.id]);
    await until(async () => (await statusOf()) !== 'delivered', 'the result posted again');
    expect(emulator.received.filter((line) => line === 'serverinfo.undone')).toHaveLength(ran + 1);
  });

  it('runs a command typed in the console area (POST .../console) and shows its output', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Console area');
    await connect(server);
    await until(async () => (await status(server.id)).state === 'connected', 'connected');
    const sent = expectStatus(
      await crew.admin.agent.post(`/api/servers/${server.id}/console`).send({ command: 'serverinfo' }),
      202,
    ).body.data as { id: string };
    const entry = await until(async () => {
      const page = expectStatus(await crew.admin.agent.get(`/api/servers/${server.id}/console`), 200).body
        .data as ConsoleResponse;
      const found = page.entries.find((e) => e.kind === 'command' && e.id === sent.id);
      return found?.kind === 'command' && found.status === 'succeeded' && found;
    }, 'the command output');
    expect(entry.output).toContain('"Hostname": "Emulated Vanilla"');
  });

  it('kicks a player from the players table through the connection', () =>
    ownGame(async (game) => {
      const server = await addServer(crew.owner, crew.network.id, 'Kicks');
      const guest = { steamId: '76561198000000103', name: 'Guest' };
      game.addPlayer(guest);
      await connect(server, PASSWORD, game);
      await until(async () => (await playersOf(server.id)).some((p) => p.steamId === guest.steamId), 'Guest');
      expectStatus(
        await crew.owner.agent
          .post(`/api/players/${guest.steamId}/kick`)
          .send({ serverId: server.id, reason: 'AFK' }),
        201,
      );
      await until(async () => !game.game.players.has(guest.steamId), 'the kick');
      expect(game.received.some((line) => line.startsWith(`kick ${guest.steamId}`))).toBe(true);
    }));

  it('shows wrong_password for a refused password, without the password in the error', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Wrong password');
    const wrong = 'not/the password';
    await connect(server, wrong);
    const refused = await until(async () => {
      const now = await status(server.id);
      return now.state === 'wrong_password' && now;
    }, 'wrong_password');
    expect(refused.connectedAt).toBeNull();
    expect(refused.lastError).toEqual(expect.any(String));
    expect(refused.lastError).not.toContain(wrong);
    expect(refused.lastError).not.toContain(encodeURIComponent(wrong));
  });

  it('shows wrong_password when the game hangs up during the handshake without a byte', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Hung up');
    emulator.wrongPasswordAnswer = 'hang-up';
    try {
      await connect(server, 'not it either');
      await until(async () => (await status(server.id)).state === 'wrong_password', 'wrong_password');
    } finally {
      emulator.wrongPasswordAnswer = 'close-frame';
    }
  });

  it('dials a refused password once, not again until Try again or a save (the game would refuse the address)', () =>
    ownGame(async (game) => {
      const server = await addServer(crew.owner, crew.network.id, 'Refused once');
      await connect(server, 'not it', game);
      const refused = await until(async () => {
        const now = await status(server.id);
        return now.state === 'wrong_password' && now;
      }, 'wrong_password');
      expect(Date.parse(refused.refusedAt ?? '')).toBeGreaterThan(Date.now() - 10_000);
      // The spec's schedule would have dialled twice more by now (every second for 5 tries).
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(game.logins).toHaveLength(1);
      expect(await status(server.id)).toEqual(refused);

      // Try again: dialled at once (and refused again, later).
      const retried = expectStatus(await crew.owner.agent.post(`${rconOf(server.id)}/retry`), 200).body
        .data as RconStatus;
      expect(retried.refusedAt === null || retried.refusedAt > refused.refusedAt!).toBe(true);
      await until(async () => game.logins.length === 2, 'the second login');
      const again = await until(async () => {
        const now = await status(server.id);
        return now.state === 'wrong_password' && now;
      }, 'wrong_password again');
      expect(again.refusedAt! > refused.refusedAt!).toBe(true);

      // A save with the right password: dialled at once.
      await connect(server, PASSWORD, game);
      await until(async () => (await status(server.id)).state === 'connected', 'connected');
      expect(game.logins.map((login) => login.accepted)).toEqual([false, false, true]);
    }));

  it('keeps a refusal when another instance takes the connection over: the new connection does not dial before its 10 minutes', () =>
    ownGame(async (game) => {
      const server = await addServer(crew.owner, crew.network.id, 'Taken over');
      await connect(server, 'not it', game);
      const refused = await until(async () => {
        const now = await status(server.id);
        return now.state === 'wrong_password' && now;
      }, 'wrong_password');
      const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
      const token = async () =>
        Number((await knex('server_rcon').where({ server_id: server.id }).first())?.owner_token);
      const first = await token();
      // Another instance claims it (a greater fencing token): the connection here ends; then,
      // held nowhere, it is taken again, as the other instance would take it.
      await knex('server_rcon')
        .where({ server_id: server.id })
        .update({ owner_token: first + 1 });
      const connections = t.app.get(RconConnections);
      await connections.apply(server.id);
      await connections.apply(server.id);
      expect(await token()).toBe(first + 2);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(game.logins).toHaveLength(1);
      expect(await status(server.id)).toEqual(refused);
    }));

  it('shows a player who joins, and one who leaves, within 2 s: the join and disconnect lines refresh the roster', () =>
    ownGame(async (game) => {
      game.addPlayer(REX);
      const server = await addServer(crew.owner, crew.network.id, 'Joins');
      await connect(server, PASSWORD, game);
      await until(async () => (await playersOf(server.id)).some((p) => p.status === 'online'), 'the players');
      const online = async () =>
        (await playersOf(server.id)).filter((p) => p.status === 'online').map((p) => p.steamId);
      const newcomer = { steamId: '76561198000000104', name: 'Ada' };
      const joined = Date.now();
      game.addPlayer(newcomer);
      await until(async () => (await online()).includes(newcomer.steamId), 'the newcomer');
      expect(Date.now() - joined).toBeLessThan(2_000);
      const left = Date.now();
      game.removePlayer(newcomer.steamId);
      await until(async () => !(await online()).includes(newcomer.steamId), 'the newcomer to leave');
      expect(Date.now() - left).toBeLessThan(2_000);
    }));

  it('dials a host name through the egress policy: what it resolves to at connect time is checked', async () => {
    const resolve = jest.spyOn(t.app.get(HostResolver), 'resolve').mockImplementation(async (host) => {
      if (host === 'rust-box.test') return [{ address: '127.0.0.1', family: 4 }];
      if (host === 'metadata.test') return [{ address: '169.254.169.254', family: 4 }];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    });
    try {
      const named = await addServer(crew.owner, crew.network.id, 'By name');
      expectStatus(
        await crew.owner.agent
          .put(rconOf(named.id))
          .send({ host: 'rust-box.test', port: emulator.port, password: PASSWORD }),
        200,
      );
      await until(async () => (await status(named.id)).state === 'connected', 'connected by name');

      const sneaky = await addServer(crew.owner, crew.network.id, 'Metadata by name');
      expectStatus(
        await crew.owner.agent
          .put(rconOf(sneaky.id))
          .send({ host: 'metadata.test', port: 80, password: PASSWORD }),
        200,
      );
      const refused = await until(async () => {
        const now = await status(sneaky.id);
        return now.state === 'unreachable' && now;
      }, 'the refusal');
      expect(refused.lastError).toBe(
        'metadata.test:80 was not dialled: metadata.test (169.254.169.254) is refused by the link-local rule (169.254.0.0/16, fe80::/10): link-local addresses are never dialled',
      );
    } finally {
      resolve.mockRestore();
    }
  });

  it('shows unreachable when nothing listens at the address', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Nobody home');
    expectStatus(
      await crew.owner.agent.put(rconOf(server.id)).send({ host: '127.0.0.1', port: 1, password: PASSWORD }),
      200,
    );
    await until(async () => (await status(server.id)).state === 'unreachable', 'unreachable');
  });

  it('ends the connection when the settings are removed, and when the server is deleted', async () => {
    const before = emulator.clients;
    const removed = await addServer(crew.owner, crew.network.id, 'Removed');
    const deleted = await addServer(crew.owner, crew.network.id, 'Deleted');
    await connect(removed);
    await connect(deleted);
    await until(async () => emulator.clients === before + 2, 'two more connections');
    await crew.owner.agent.delete(rconOf(removed.id)).expect(200);
    await until(async () => emulator.clients === before + 1, 'one connection ended');
    await crew.owner.agent.delete(`/api/servers/${deleted.id}`).expect(200);
    await until(async () => emulator.clients === before, 'the other ended');
  });

  it('reconnects with the new settings when they change', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'Changed');
    await connect(server, 'wrong at first');
    await until(async () => (await status(server.id)).state === 'wrong_password', 'wrong_password');
    await connect(server);
    await until(async () => (await status(server.id)).state === 'connected', 'connected');
  });
});
