// Automation triggers on what the panel already sees: joins (first time or returning, a name
// pattern) answered with a kick through the one moderation path, leaves (never the automation's own
// kick), F7 reports (N on one player within M minutes), AntiHack violations, suspicious scores,
// player counts, servers going offline and coming back; cooldowns; runs kept 30 days.
import type { Automation, AutomationInput, AutomationRun, AutomationRunsPage } from '@outpost/contracts';
import { AutomationScheduler } from '../src/modules/automation/automation-scheduler';
import { AutomationRunRecord } from '../src/modules/automation/automation.entity';
import { DiscordLinkRecord } from '../src/modules/discord/discord.entity';
import { SuspiciousScoreWatch } from '../src/modules/automation/suspicious-scores';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import { countRows, createWorld, expectStatus, type Crew } from './support/crew';
import { setPlan } from './support/plans';
import { addServer, heartbeat, pluginCall, steamIdOf, type FakePlayer } from './support/plugin';
import { until } from './support/until';
import type { TestApp } from './support';

describe('automation triggers', () => {
  let t: TestApp;
  let crew: Crew;
  const base = () => `/api/networks/${crew.network.id}/automations`;

  beforeAll(async () => {
    ({ t, crew } = await createWorld());
    await setPlan(t, crew.owner.user.id, 'premium');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** A server of its own per test (the plugin's calls are limited per server). */
  const serverNamed = async (name: string, players: FakePlayer[] = []) => {
    const added = await addServer(crew.owner, crew.network.id, name);
    await heartbeat(t, added.token, players);
    return added;
  };
  const create = async (body: Omit<AutomationInput, 'enabled'>): Promise<Automation> =>
    expectStatus(await crew.owner.agent.post(base()).send({ enabled: true, ...body }), 201).body
      .data as Automation;
  const runsOf = async (automationId: string): Promise<AutomationRun[]> =>
    (
      expectStatus(await crew.owner.agent.get(`${base()}/${automationId}/runs`), 200).body
        .data as AutomationRunsPage
    ).runs;
  const settled = (automationId: string, count = 1) =>
    until(async () => {
      const runs = await runsOf(automationId);
      return runs.length >= count && runs.every((run) => run.status !== 'running') ? runs : null;
    }, `${count} run(s) of ${automationId} to end`);
  /** Takes the server's commands with the long-poll and reports each done. */
  const carryOut = async (token: string): Promise<{ type: string; command?: string; steamId?: string }[]> => {
    const res = expectStatus(
      await t.http.get('/api/plugin/v1/commands?wait=1').set('Authorization', `Bearer ${token}`),
      200,
    );
    const commands = (res.body.data as { commands: { id: string; type: string }[] }).commands;
    for (const command of commands)
      expectStatus(
        await pluginCall(t, token, `commands/${command.id}/result`, { ok: true, output: 'done' }),
        200,
      );
    return commands;
  };
  const events = (token: string, list: Record<string, unknown>[]) =>
    pluginCall(t, token, 'events', {
      events: list.map((event, i) => ({
        id: `${Date.now()}-${i}-${Math.random()}`,
        at: new Date().toISOString(),
        ...event,
      })),
    });

  it('kicks a first-time player whose name matches, through the moderation path, and not a returning one', async () => {
    const server = await serverNamed('Joins', [{ steamId: steamIdOf(1), name: 'Old www.spam.com' }]);
    const automation = await create({
      name: 'Kick ads',
      serverIds: [server.id],
      trigger: { event: 'player.joined', firstTime: true, namePattern: '\\.(com|gg)\\b' },
      actions: [{ type: 'kick', reason: 'Remove {match.0} from your name' }],
    });
    // The returning player (first seen above) leaves and comes back: no run.
    await heartbeat(t, server.token, []);
    await heartbeat(t, server.token, [
      { steamId: steamIdOf(1), name: 'Old www.spam.com' },
      { steamId: steamIdOf(2), name: 'New rust.gg fan' },
    ]);
    const kicked: { type: string; steamId?: string }[] = [];
    const [run] = await until(async () => {
      kicked.push(...(await carryOut(server.token)));
      const runs = await runsOf(automation.id);
      return runs.length && runs[0].status !== 'running' ? runs : null;
    }, 'the kick');
    expect(run).toMatchObject({ cause: 'player.joined', steamId: steamIdOf(2), status: 'succeeded' });
    expect(run.actions[0]).toMatchObject({
      type: 'kick',
      status: 'succeeded',
      sent: 'Remove .gg from your name',
    });
    expect(kicked).toEqual([expect.objectContaining({ type: 'kick', steamId: steamIdOf(2) })]);
    const punishments = expectStatus(
      await crew.owner.agent.get(`/api/networks/${crew.network.id}/punishments`),
      200,
    ).body.data as {
      punishments: { player: { steamId: string }; issuedBy: { id: string } | null }[];
    };
    expect(punishments.punishments.find((p) => p.player.steamId === steamIdOf(2))).toMatchObject({
      issuedBy: { id: `automation:${automation.id}`, name: 'Automation “Kick ads”' },
    });
    // The kick made the player leave: a leave trigger of the same automation never answers it,
    // and the audit names the automation as who kicked.
    const audit = expectStatus(
      await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit?action=player.kicked`),
      200,
    ).body.data as { entries: { actorName: string }[] };
    expect(audit.entries[0].actorName).toBe('Automation “Kick ads”');
    expect(await runsOf(automation.id)).toHaveLength(1);
  });

  it('answers a leave, but never the leave its own kick caused', async () => {
    const server = await serverNamed('Leaves', [
      { steamId: steamIdOf(11), name: 'Stays' },
      { steamId: steamIdOf(12), name: 'Goes' },
    ]);
    const automation = await create({
      name: 'Farewell',
      serverIds: [server.id],
      trigger: { event: 'player.left' },
      actions: [{ type: 'broadcast', message: 'Bye {player.name}' }],
    });
    await heartbeat(t, server.token, [{ steamId: steamIdOf(11), name: 'Stays' }]);
    const sent: { command?: string }[] = [];
    await until(async () => {
      sent.push(...(await carryOut(server.token)));
      return (await settled(automation.id)).length === 1;
    }, 'the farewell');
    expect(sent.map((command) => command.command)).toEqual(['say Bye Goes']);
  });

  it('answers the third report on one player within the window, once, with the count', async () => {
    const server = await serverNamed('Reports', [{ steamId: steamIdOf(21), name: 'Cheater' }]);
    const automation = await create({
      name: 'Three reports',
      serverIds: [server.id],
      trigger: { event: 'report.received', count: 3, windowMinutes: 10 },
      actions: [{ type: 'note', text: 'Reported {count} times on {server.name}' }],
    });
    for (let i = 0; i < 4; i += 1)
      expectStatus(
        await events(server.token, [
          {
            type: 'report',
            reporterSteamId: steamIdOf(30 + i),
            targetSteamId: steamIdOf(21),
            message: `report ${i}`,
          },
        ]),
        200,
      );
    const [run] = await settled(automation.id);
    expect(run).toMatchObject({ cause: 'report.received', steamId: steamIdOf(21), status: 'succeeded' });
    expect(run.actions[0]).toMatchObject({
      type: 'note',
      status: 'succeeded',
      sent: 'Reported 3 times on Reports',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await runsOf(automation.id)).toHaveLength(1);
    expect(await countRows(t, 'player_notes', { steam_id: steamIdOf(21) })).toBe(1);
  });

  it('answers an AntiHack violation, from a violation event or a console line', async () => {
    const server = await serverNamed('Hacks', [{ steamId: steamIdOf(41), name: 'Flyer' }]);
    const automation = await create({
      name: 'AntiHack',
      serverIds: [server.id],
      trigger: { event: 'violation' },
      perPlayerCooldownSeconds: 0,
      actions: [{ type: 'warn', message: 'AntiHack saw you, {player.name}' }],
    });
    expectStatus(
      await events(server.token, [
        { type: 'violation', steamId: steamIdOf(41), name: 'Flyer', kind: 'FlyHack', message: 'Enforcing' },
        { type: 'console', message: `Flyer[${steamIdOf(41)}] SpeedHack: Enforcing (violation of 12.5)` },
      ]),
      200,
    );
    const runs = await until(async () => {
      await carryOut(server.token);
      const all = await runsOf(automation.id);
      return all.length === 2 && all.every((run) => run.status !== 'running') ? all : null;
    }, 'two violations answered');
    expect(runs.map((run) => run.summary).sort()).toEqual([
      'AntiHack: Flyer FlyHack Enforcing',
      'AntiHack: Flyer SpeedHack (violation level 12.5)',
    ]);
  });

  it('answers a suspicious score crossing its threshold (read by the leader)', async () => {
    const server = await serverNamed('Scores', [{ steamId: steamIdOf(51), name: 'Shady' }]);
    const automation = await create({
      name: 'Suspicious',
      serverIds: [server.id],
      trigger: { event: 'suspicious.score', threshold: 1 },
      actions: [{ type: 'note', text: 'Score {count}' }],
    });
    const watch = t.app.get(SuspiciousScoreWatch);
    await watch.tick();
    expectStatus(
      await events(server.token, [
        { type: 'violation', steamId: steamIdOf(51), name: 'Shady', kind: 'FlyHack', message: 'Enforcing' },
      ]),
      200,
    );
    await until(async () => (await watch.tick()) > 0, 'the crossing');
    const [run] = await settled(automation.id);
    expect(run).toMatchObject({ cause: 'suspicious.score', steamId: steamIdOf(51), status: 'succeeded' });
    expect(await watch.tick()).toBe(0);
  });

  it('answers player counts crossing a line and servers going offline and coming back', async () => {
    const server = await serverNamed('Counts');
    const above = await create({
      name: 'Busy',
      serverIds: [server.id],
      trigger: { event: 'players.count', above: 1 },
      actions: [{ type: 'broadcast', message: '{count} players!' }],
    });
    const offline = await create({
      name: 'Down',
      serverIds: [server.id],
      trigger: { event: 'server.offline' },
      actions: [{ type: 'note', text: 'never: no player' }],
    });
    const online = await create({
      name: 'Up',
      serverIds: [server.id],
      trigger: { event: 'server.online' },
      actions: [{ type: 'broadcast', message: 'Welcome back to {server.name}' }],
    });
    await heartbeat(t, server.token, [{ steamId: steamIdOf(61), name: 'A' }]);
    await heartbeat(t, server.token, [
      { steamId: steamIdOf(61), name: 'A' },
      { steamId: steamIdOf(62), name: 'B' },
    ]);
    await until(async () => {
      await carryOut(server.token);
      return (await settled(above.id)).length === 1;
    }, 'the count');
    expect((await runsOf(above.id))[0].actions[0].sent).toBe('say 2 players!');

    const clock = t.app.get(PluginClock);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 60_000));
    await t.app.get(OfflineSweepService).sweep();
    const [down] = await settled(offline.id);
    // A note needs a player: the run says why it failed.
    expect(down).toMatchObject({ cause: 'server.offline', status: 'failed' });
    expect(down.actions[0].detail).toBe('The run names no player');
    jest.restoreAllMocks();
    await heartbeat(t, server.token, []);
    await until(async () => {
      await carryOut(server.token);
      return (await settled(online.id)).length === 1;
    }, 'the welcome back');
    expect((await runsOf(online.id))[0]).toMatchObject({ cause: 'server.online', status: 'succeeded' });
  });

  it('holds an automation-wide cooldown and answers only between the window’s times', async () => {
    const server = await serverNamed('Cooldown', [{ steamId: steamIdOf(71), name: 'Talker' }]);
    const automation = await create({
      name: 'Once a while',
      serverIds: [server.id],
      trigger: { event: 'chat.message', pattern: 'hello' },
      cooldownSeconds: 600,
      actions: [{ type: 'note', text: 'said hello' }],
    });
    const never = await create({
      name: 'Never now',
      serverIds: [server.id],
      trigger: {
        event: 'chat.message',
        pattern: 'hello',
        between: { from: '00:00', to: '00:00', timezone: 'UTC' },
      },
      actions: [{ type: 'note', text: 'x' }],
    });
    for (let i = 0; i < 3; i += 1)
      expectStatus(
        await events(server.token, [
          { type: 'chat', steamId: steamIdOf(71), name: 'Talker', message: 'hello there' },
        ]),
        200,
      );
    await settled(automation.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await runsOf(automation.id)).toHaveLength(1);
    expect(await runsOf(never.id)).toHaveLength(0);
  });

  it('answers only players who linked their Discord when the trigger asks', async () => {
    const server = await serverNamed('Linked', [
      { steamId: steamIdOf(81), name: 'Linked One' },
      { steamId: steamIdOf(82), name: 'Not Linked' },
    ]);
    await t.orm.em.fork().insert(DiscordLinkRecord, {
      id: '00000000-0000-4000-8000-000000000081',
      networkId: crew.network.id,
      steamId: steamIdOf(81),
      discordUserId: '100000000000000081',
      discordName: 'linked#1',
      active: true,
      linkedAt: new Date(),
    });
    const automation = await create({
      name: 'Linked only',
      serverIds: [server.id],
      trigger: { event: 'chat.message', pattern: 'reward', linked: true },
      actions: [{ type: 'note', text: 'asked for a reward' }],
    });
    expectStatus(
      await events(server.token, [
        { type: 'chat', steamId: steamIdOf(82), name: 'Not Linked', message: 'reward please' },
        { type: 'chat', steamId: steamIdOf(81), name: 'Linked One', message: 'reward please' },
      ]),
      200,
    );
    const runs = await settled(automation.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await runsOf(automation.id)).map((run) => run.steamId)).toEqual([steamIdOf(81)]);
    expect(runs[0].status).toBe('succeeded');
  });

  it('keeps runs 30 days', async () => {
    const server = await serverNamed('Old');
    const automation = await create({
      name: 'Old runs',
      serverIds: [server.id],
      schedule: { cron: '0 0 1 1 *', timezone: 'UTC', onlyWhenOnline: false },
      actions: [{ type: 'broadcast', message: 'x' }],
    });
    expectStatus(await crew.owner.agent.post(`${base()}/${automation.id}/run`), 202);
    const [run] = await runsOf(automation.id);
    await t.orm.em
      .fork()
      .nativeUpdate(
        AutomationRunRecord,
        { id: run.id },
        { startedAt: new Date(Date.now() - 31 * 86_400_000) },
      );
    expect(await t.app.get(AutomationScheduler).purge()).toBeGreaterThanOrEqual(1);
    expect(await runsOf(automation.id)).toEqual([]);
    expect(await countRows(t, 'automation_run_actions', { run_id: run.id })).toBe(0);
  });
});
