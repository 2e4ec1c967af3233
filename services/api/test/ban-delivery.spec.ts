// Whether a ban reached the game (issue 38): the Punishments lists give every command a ban sent,
// per server, with its state: pending (queued, its server has not asked yet), delivered (handed
// out), succeeded (the game confirmed it), failed (with the game's answer). A plugin-connected
// server confirms with its result; a server that is offline keeps it queued until it reports; a
// server the panel reaches over RCON (a WebRCON emulator here) is carried out by the panel.
import type {
  PlayerActionResponse,
  PlayerProfile,
  PunishmentItem,
  PunishmentServerDelivery,
  PunishmentsResponse,
} from '@outpost/contracts';
import { PUNISHMENT_MESSAGES } from '@outpost/validation';
import { startWebRconEmulator, type WebRconEmulator } from '@outpost/rcon/testing';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import type { TestApp } from './support';
import { ACTORS, agentOf, createWorld, expectStatus, statusesFor, type Crew } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import { until } from './support/until';

const PASSWORD = 'rcon for the ban test';
/** Every member reads the Punishments lists. */
const READ = statusesFor('network.view');

describe('a ban’s delivery, per server', () => {
  let t: TestApp;
  let crew: Crew;
  let emulator: WebRconEmulator;
  let main: { id: string; token: string };
  let down: { id: string; token: string };
  const rex = { steamId: steamIdOf(3801), name: 'Rex' };
  const bob = { steamId: steamIdOf(3802), name: 'Bob' };
  const cy = { steamId: steamIdOf(3803), name: 'Cy' };
  const dee = { steamId: steamIdOf(3804), name: 'Dee' };
  const zed = { steamId: steamIdOf(3805), name: 'Zed' };

  beforeAll(async () => {
    emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Emulated Ban Server' });
    emulator.addPlayer(zed);
    ({ t, crew } = await createWorld());
    main = await addServer(crew.owner, crew.network.id, 'EU Main');
    // Added, never reporting: offline.
    down = await addServer(crew.owner, crew.network.id, 'EU Down');
    await heartbeat(t, main.token, [rex, bob, cy, dee]);
  });
  afterAll(async () => {
    await t.close();
    await emulator.stop();
  });

  const listPath = () => `/api/networks/${crew.network.id}/punishments`;
  const itemOf = async (punishmentId: string, path = listPath()): Promise<PunishmentItem> => {
    const { punishments } = expectStatus(await crew.owner.agent.get(path).query({ kind: 'ban' }), 200).body
      .data as PunishmentsResponse;
    const item = punishments.find((found) => found.id === punishmentId);
    if (!item) throw new Error(`${punishmentId} is not listed`);
    return item;
  };
  /** Each delivery as "server command status". */
  const states = (deliveries: PunishmentServerDelivery[]) =>
    deliveries.map((d) => `${d.serverName} ${d.command} ${d.status}`);
  const ban = async (
    steamId: string,
    body: Record<string, unknown>,
  ): Promise<{ id: string; commandId: string; sent: PunishmentServerDelivery[] }> => {
    const data = expectStatus(await crew.owner.agent.post(`/api/players/${steamId}/ban`).send(body), 201).body
      .data as PlayerActionResponse;
    return { id: data.punishment.id, commandId: data.commandId, sent: data.punishment.deliveries };
  };
  const result = (token: string, commandId: string, body: { ok: boolean; output?: string }) =>
    pluginCall(t, token, `commands/${commandId}/result`, body).then((res) => expectStatus(res, 200));

  it('a plugin-connected server: queued, delivered with its next heartbeat, confirmed by its result', async () => {
    const { id, commandId, sent } = await ban(rex.steamId, {
      serverId: main.id,
      reason: 'Aimbot',
      scope: 'server',
    });
    // The action's answer says where it went, as the list then does.
    expect(states(sent)).toEqual(['EU Main ban pending']);
    expect(states((await itemOf(id)).deliveries)).toEqual(['EU Main ban pending']);

    const handed = await heartbeat(t, main.token, [rex, bob, cy, dee]);
    expect(handed).toContainEqual(expect.objectContaining({ id: commandId, type: 'ban' }));
    expect(states((await itemOf(id)).deliveries)).toEqual(['EU Main ban delivered']);

    await result(main.token, commandId, {
      ok: true,
      output: `Banned User: ${rex.steamId} - "Rex" for "Aimbot"`,
    });
    const [delivery] = (await itemOf(id)).deliveries;
    expect(delivery).toEqual({
      serverId: main.id,
      serverName: 'EU Main',
      command: 'ban',
      status: 'succeeded',
      output: `Banned User: ${rex.steamId} - "Rex" for "Aimbot"`,
      at: expect.any(String),
      expiresAt: null,
    });
    // The server's own list says the same.
    expect((await itemOf(id, `/api/servers/${main.id}/punishments`)).deliveries).toEqual([delivery]);
    await heartbeat(t, main.token, [bob, cy, dee]);
  });

  it('an offline server: the ban stays queued for it; the kick where the player is now is confirmed', async () => {
    const server = expectStatus(await crew.owner.agent.get(`/api/servers/${down.id}`), 200).body.data;
    expect(server.status).toBe('offline');
    // Bob plays on EU Main; the ban names EU Down and holds on the whole network.
    const { id, commandId, sent } = await ban(bob.steamId, {
      serverId: down.id,
      reason: 'Duping',
      scope: 'network',
    });
    expect(states(sent)).toEqual(['EU Down ban pending', 'EU Main kick pending']);
    expect(states((await itemOf(id)).deliveries)).toEqual(['EU Down ban pending', 'EU Main kick pending']);

    const [kick] = (await heartbeat(t, main.token, [bob, cy, dee])).filter((c) => c.steamId === bob.steamId);
    expect(kick).toMatchObject({ type: 'kick', reason: 'Banned: Duping' });
    await result(main.token, kick.id, { ok: true });
    await t.app.get(OfflineSweepService).sweep();
    expect(states((await itemOf(id)).deliveries)).toEqual(['EU Down ban pending', 'EU Main kick succeeded']);

    // It waits for EU Down however long (a ban does not expire); its first report takes it.
    const taken = await heartbeat(t, down.token, []);
    expect(taken).toContainEqual(
      expect.objectContaining({ id: commandId, type: 'ban', steamId: bob.steamId }),
    );
    expect(states((await itemOf(id)).deliveries)).toEqual([
      'EU Down ban delivered',
      'EU Main kick succeeded',
    ]);
    await result(down.token, commandId, { ok: true });
    expect(states((await itemOf(id)).deliveries)).toEqual([
      'EU Down ban succeeded',
      'EU Main kick succeeded',
    ]);
  });

  it('a refusal by the game is failed, with its answer', async () => {
    const { id, commandId } = await ban(cy.steamId, { serverId: main.id, reason: 'Spam', scope: 'server' });
    await heartbeat(t, main.token, [cy, dee]);
    await result(main.token, commandId, { ok: false, output: 'Player not found' });
    expect((await itemOf(id)).deliveries).toEqual([
      expect.objectContaining({
        serverName: 'EU Main',
        command: 'ban',
        status: 'failed',
        output: 'Player not found',
      }),
    ]);
  });

  it('a lifted ban adds the unban it sent to each server it reached', async () => {
    const { id, commandId } = await ban(dee.steamId, { serverId: main.id, reason: 'Toxic', scope: 'server' });
    await heartbeat(t, main.token, [dee]);
    await result(main.token, commandId, { ok: true });
    expectStatus(await crew.owner.agent.post(`/api/punishments/${id}/lift`).send({ reason: 'Appeal' }), 201);
    expect(states((await itemOf(id)).deliveries)).toEqual(['EU Main ban succeeded', 'EU Main unban pending']);
  });

  it("the player's profile shows each ban's deliveries, server by server, as the list does", async () => {
    const punishmentsOf = async (steamId: string) =>
      (
        expectStatus(
          await crew.member.agent.get(`/api/players/${steamId}`).query({ networkId: crew.network.id }),
          200,
        ).body.data as PlayerProfile
      ).punishments;
    // Bob's network ban: queued for the offline EU Down until it reported, the kick where he was.
    const [bobs] = await punishmentsOf(bob.steamId);
    expect(bobs).toMatchObject({ type: 'ban', serverName: 'EU Down', delivery: null });
    expect(states(bobs.deliveries)).toEqual(['EU Down ban succeeded', 'EU Main kick succeeded']);
    expect(bobs.deliveries).toEqual((await itemOf(bobs.id)).deliveries);
    // Cy's refused ban, with the game's answer; Dee's lifted ban with its unban.
    const [cys] = await punishmentsOf(cy.steamId);
    expect(cys.deliveries).toEqual([
      expect.objectContaining({ serverName: 'EU Main', status: 'failed', output: 'Player not found' }),
    ]);
    const [dees] = await punishmentsOf(dee.steamId);
    expect(dees).toMatchObject({ type: 'ban', active: false });
    expect(states(dees.deliveries)).toEqual(['EU Main ban succeeded', 'EU Main unban pending']);
  });

  it('a server the panel reaches over RCON: the panel carries the ban to the game, confirmed with its answer', async () => {
    const rcon = await addServer(crew.owner, crew.network.id, 'EU Rcon');
    expectStatus(
      await crew.owner.agent
        .put(`/api/servers/${rcon.id}/rcon`)
        .send({ host: '127.0.0.1', port: emulator.port, password: PASSWORD }),
      200,
    );
    // Zed shows up through the panel's RCON roster.
    await until(async () => {
      const res = await crew.owner.agent.get(`/api/players?networkId=${crew.network.id}&serverId=${rcon.id}`);
      return (res.body.data?.players ?? []).some((p: { steamId: string }) => p.steamId === zed.steamId);
    }, 'Zed on the RCON server');
    const { id } = await ban(zed.steamId, {
      serverId: rcon.id,
      reason: 'Wallhack',
      duration: '1d',
      scope: 'server',
    });
    const done = await until(async () => {
      const [delivery] = (await itemOf(id)).deliveries;
      return delivery?.status === 'succeeded' && delivery;
    }, 'the ban confirmed by the game');
    expect(done).toMatchObject({ serverId: rcon.id, serverName: 'EU Rcon', command: 'ban' });
    expect(done.output).toMatch(
      new RegExp(`^Banned User for \\d+ seconds: ${zed.steamId} - "Zed" for "Wallhack"$`),
    );
    expect(emulator.game.bans.has(zed.steamId)).toBe(true);
    expectStatus(await crew.owner.agent.delete(`/api/servers/${rcon.id}/rcon`), 200);
  });

  describe('who reads it: every member; 404 outside, 401 without a session, 400 for bad input', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const res = expectStatus(
        await agentOf(t, crew, actor).get(listPath()).query({ kind: 'ban' }),
        READ[actor],
      );
      if (res.status !== 200) return;
      const { punishments } = res.body.data as PunishmentsResponse;
      const bob_ = punishments.find((item) => item.player.steamId === bob.steamId);
      expect(states(bob_?.deliveries ?? [])).toEqual(['EU Down ban succeeded', 'EU Main kick succeeded']);
    });

    it('refuses a bad kind with its field', async () => {
      const res = expectStatus(await crew.member.agent.get(listPath()).query({ kind: 'mute' }), 400);
      expect(res.body.details).toEqual([{ field: 'kind', message: PUNISHMENT_MESSAGES.kind }]);
    });
  });
});
