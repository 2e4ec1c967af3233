// The RCON translator (libs/rcon, what outpost-bridge runs) between the WebRCON emulator and the
// real API on a real port: heartbeats, a kick from the players API through the long-poll, events.
import type { PlayerActionResponse, PlayersListResponse, Server } from '@outpost/contracts';
import { PluginClient } from '@outpost/plugin-sdk';
import { RconTranslator } from '@outpost/rcon';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { createTestApp, signIn, type SignedIn, type TestApp } from './support';
import { createNetwork, expectStatus } from './support/crew';
import { addServer } from './support/plugin';

const REX = '76561198000000001';
const BOB = '76561198000000002';

const until = async (check: () => Promise<boolean> | boolean): Promise<void> => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('a vanilla server through the RCON translator against the API', () => {
  let t: TestApp;
  let owner: SignedIn;
  let emulator: WebRconEmulator;
  let client: PluginClient;
  let translator: RconTranslator;
  let serverId: string;
  let networkId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    const baseUrl = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    owner = await signIn(t);
    networkId = (await createNetwork(owner)).id;
    const { id, token } = await addServer(owner, networkId, 'Vanilla');
    serverId = id;
    emulator = await startWebRconEmulator({
      password: 'rcon secret',
      hostname: 'Vanilla EU',
      maxPlayers: 80,
    });
    emulator.addPlayer({ steamId: REX, name: 'Rex' });
    emulator.addPlayer({ steamId: BOB, name: 'Bob' });
    client = new PluginClient({ baseUrl, token });
    translator = new RconTranslator({
      rcon: { host: '127.0.0.1', port: emulator.port, password: 'rcon secret' },
      transport: client,
      heartbeatSeconds: 1,
      longPollSeconds: 5,
    });
    translator.start();
  });

  afterAll(async () => {
    await translator.stop();
    client.close();
    await emulator.stop();
    await t.close();
  });

  const server = async () =>
    expectStatus(await owner.agent.get(`/api/servers/${serverId}`), 200).body.data as Server;
  const players = async () =>
    (
      expectStatus(await owner.agent.get('/api/players').query({ networkId, serverId, limit: 100 }), 200).body
        .data as PlayersListResponse
    ).players;

  it("shows the server online with the game's players", async () => {
    await until(async () => (await server()).status === 'online');
    expect(await server()).toMatchObject({ status: 'online', playerCount: 2, actualName: 'Vanilla EU' });
  });

  it('carries a kick from the players API to the game, and the player goes offline', async () => {
    await until(async () => (await players()).some((p) => p.steamId === BOB && p.status === 'online'));
    const res = expectStatus(
      await owner.agent.post(`/api/players/${BOB}/kick`).send({ serverId, reason: 'Spamming' }),
      201,
    );
    const { commandId } = res.body.data as PlayerActionResponse;
    expect(commandId).toEqual(expect.any(String));
    await until(() => emulator.received.includes(`kick ${BOB} "Spamming"`));
    expect(emulator.game.players.has(BOB)).toBe(false);
    await until(async () => (await players()).find((p) => p.steamId === BOB)?.status === 'offline');
  });
});
