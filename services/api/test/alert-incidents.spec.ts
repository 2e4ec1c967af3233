// Alerts as incidents (issue 27), with controlled clocks: a server going offline fires once after
// the missed heartbeats and resolves on the next heartbeat; a flapping server sends one alert; a
// threshold holds for its minutes before firing; watched players and new members alert once.
// Reading them (the history and the bell) is alert-history.spec.ts's subject.
import type { Alert, AlertsResponse } from '@outpost/contracts';
import { DomainEvents } from '../src/core/events';
import { AlertsClock } from '../src/modules/alerts';
import { AlertMetrics } from '../src/modules/alerts/alert-metrics';
import { IncidentsService } from '../src/modules/alerts/incidents.service';
import { ThresholdEvaluator } from '../src/modules/alerts/threshold-evaluator';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import { readOutbox, type TestApp } from './support';
import { eventually, startSink, type Sink } from './support/alert-sink';
import { createWorld, expectStatus, joinByInvite, type Crew } from './support/crew';
import { signIn } from './support/auth';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';

const MINUTE = 60_000;

describe('alerts: incidents, history and the bell', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let sink: Sink;
  let server: { id: string; token: string };
  const changed: Alert[] = [];
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    sink = await startSink();
    server = await addServer(crew.owner, crew.network.id, 'EU Main');
    expectStatus(
      await crew.owner.agent
        .post(`/api/networks/${crew.network.id}/alert-channels`)
        .send({ type: 'webhook', name: 'Ops', url: `${sink.url}/ops` }),
      201,
    );
    t.app.get(DomainEvents).on('alert.changed', ({ alert }) => void changed.push(alert));
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const alertsOf = async (query = '', c = crew) =>
    (
      expectStatus(await c.member.agent.get(`/api/networks/${c.network.id}/alerts${query}`), 200).body
        .data as AlertsResponse
    ).alerts;
  const hookCalls = () => sink.requests.filter((r) => r.path === '/ops').map((r) => JSON.parse(r.body));

  describe('a server that goes offline', () => {
    it('fires once after the missed heartbeats, reaches every channel, and resolves on the next heartbeat', async () => {
      const plugin = t.app.get(PluginClock);
      const sweeper = t.app.get(OfflineSweepService);
      const start = Date.now();
      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start));
      await heartbeat(t, server.token, []);

      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start + 25_000));
      await sweeper.sweep();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await alertsOf()).toEqual([]);

      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start + 31_000));
      await sweeper.sweep();
      const [fired] = await eventually(async () => {
        const alerts = await alertsOf();
        expect(alerts).toHaveLength(1);
        expect(alerts[0].deliveries.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
        return alerts;
      });
      expect(fired).toMatchObject({
        kind: 'server_offline',
        title: 'EU Main is offline',
        state: 'firing',
        serverId: server.id,
        serverName: 'EU Main',
        networkName: crew.network.name,
        ruleId: `${crew.network.id}:server_offline`,
        flaps: 0,
      });
      expect(fired.deliveries.map((d) => [d.channelType, d.event]).sort()).toEqual([
        ['email', 'fired'],
        ['panel', 'fired'],
        ['webhook', 'fired'],
      ]);
      // The e-mail went to the owner and the admin; the webhook got the alert.
      const mails = readOutbox(t).filter((m) => m.subject.includes('EU Main is offline'));
      expect(mails.map((m) => m.to).sort()).toEqual([crew.owner.user.email, crew.admin.user.email].sort());
      expect(hookCalls()).toEqual([
        expect.objectContaining({ event: 'fired', alert: expect.objectContaining({ id: fired.id }) }),
      ]);
      expect(changed.some((alert) => alert.id === fired.id && alert.state === 'firing')).toBe(true);

      // Another sweep finds nothing new: still one alert, one message.
      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start + 45_000));
      await sweeper.sweep();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await alertsOf()).toHaveLength(1);

      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start + 50_000));
      await heartbeat(t, server.token, []);
      const [resolved] = await eventually(async () => {
        const alerts = await alertsOf();
        expect(alerts[0].state).toBe('resolved');
        const resolvedOnes = alerts[0].deliveries.filter((d) => d.event === 'resolved');
        expect(resolvedOnes.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
        return alerts;
      });
      expect(resolved.resolvedAt).toBe(new Date(start + 50_000).toISOString());
      expect(hookCalls().map((call) => call.event)).toEqual(['fired', 'resolved']);
    });

    it('flapping within the hold-down time reopens the same alert and sends nothing more', async () => {
      const plugin = t.app.get(PluginClock);
      const sweeper = t.app.get(OfflineSweepService);
      const before = hookCalls().length;
      const [{ id }] = await alertsOf();
      let now = Date.parse((await alertsOf())[0].resolvedAt!);
      for (let flap = 1; flap <= 3; flap += 1) {
        now += 31_000;
        jest.spyOn(plugin, 'now').mockReturnValue(new Date(now));
        await sweeper.sweep();
        await eventually(async () =>
          expect((await alertsOf())[0]).toMatchObject({ id, state: 'firing', flaps: flap }),
        );
        now += 5_000;
        jest.spyOn(plugin, 'now').mockReturnValue(new Date(now));
        await heartbeat(t, server.token, []);
        await eventually(async () => expect((await alertsOf())[0]).toMatchObject({ id, state: 'resolved' }));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await alertsOf()).toHaveLength(1);
      expect(hookCalls()).toHaveLength(before);
    });
  });

  describe('seen twice at once (two instances)', () => {
    it('stores one alert and queues one message per channel', async () => {
      const incidents = t.app.get(IncidentsService);
      const incident = {
        rule: {
          id: `${other.network.id}:server_offline`,
          networkId: other.network.id,
          kind: 'server_offline' as const,
        },
        subject: 'server:twice',
        serverId: null,
        serverName: 'Twice',
        title: 'Twice is offline',
        at: new Date(),
      };
      const fired = await Promise.all([
        incidents.fire(incident),
        incidents.fire(incident),
        incidents.fire(incident),
      ]);
      expect(fired.filter(Boolean)).toHaveLength(1);
      const alerts = (await alertsOf('', other)).filter((a) => a.title === 'Twice is offline');
      expect(alerts).toHaveLength(1);
      expect(alerts[0].deliveries.map((d) => d.channelType).sort()).toEqual(['email', 'panel']);
      const resolved = await Promise.all([
        incidents.resolve(other.network.id, 'server_offline', 'server:twice', new Date()),
        incidents.resolve(other.network.id, 'server_offline', 'server:twice', new Date()),
      ]);
      expect(resolved.reduce((a, b) => a + b, 0)).toBe(1);
    });
  });

  describe('a threshold rule', () => {
    it('fires only when every one of its last M complete minutes is beyond, and resolves when the latest is not', async () => {
      const rule = expectStatus(
        await crew.owner.agent
          .post(`/api/networks/${crew.network.id}/alert-rules`)
          .send({ kind: 'players_above', serverId: server.id, threshold: 50, minutes: 3 }),
        201,
      ).body.data as { id: string };
      const metrics = t.app.get(AlertMetrics);
      const clock = t.app.get(AlertsClock);
      const evaluator = t.app.get(ThresholdEvaluator);
      // Minutes (their starts) and the players of each; the clock sits where `latest` is complete.
      const base = Math.floor(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
      let players: number[] = [];
      let latest = base;
      jest.spyOn(metrics, 'completeMinutes').mockImplementation(async (ids, since) =>
        players
          .map((p, i) => ({
            serverId: server.id,
            minute: new Date(latest - (players.length - 1 - i) * MINUTE),
            players: { min: p, max: p },
            fps: { min: 60, max: 60 },
          }))
          .filter((m) => ids.includes(server.id) && m.minute.getTime() >= since.getTime()),
      );
      const at = (minuteStart: number) => {
        latest = minuteStart;
        jest.spyOn(clock, 'now').mockReturnValue(new Date(minuteStart + metrics.completeAfterMs + 1_000));
      };
      const firing = async () =>
        (await alertsOf(`?state=firing&serverId=${server.id}`)).filter((a) => a.ruleId === rule.id);

      players = [60, 70];
      at(base);
      await evaluator.evaluate();
      expect(await firing()).toEqual([]);

      players = [60, 40, 70];
      at(base + MINUTE);
      await evaluator.evaluate();
      expect(await firing()).toEqual([]);

      players = [60, 70, 80];
      at(base + 2 * MINUTE);
      await evaluator.evaluate();
      expect(await firing()).toEqual([
        expect.objectContaining({
          title: 'EU Main has had more than 50 players for 3 minutes',
          state: 'firing',
        }),
      ]);
      await evaluator.evaluate();
      expect(await firing()).toHaveLength(1);

      players = [60, 70, 80, 20];
      at(base + 3 * MINUTE);
      await evaluator.evaluate();
      expect(await firing()).toEqual([]);
    });
  });

  describe('things that happen', () => {
    it('alerts once when a watched player joins', async () => {
      const watched = steamIdOf(4242);
      expectStatus(
        await crew.owner.agent.put(`/api/networks/${crew.network.id}/alert-rules/watched-players/${watched}`),
        200,
      );
      await heartbeat(t, server.token, [
        { steamId: steamIdOf(4241), name: 'Nobody' },
        { steamId: watched, name: 'Shady' },
      ]);
      const alert = await eventually(async () => {
        const found = (await alertsOf()).find((a) => a.kind === 'player_joins');
        expect(found).toBeDefined();
        return found!;
      });
      expect(alert).toMatchObject({
        title: `Watched player Shady (${watched}) joined EU Main`,
        state: 'resolved',
      });
      expect((await alertsOf()).filter((a) => a.kind === 'player_joins')).toHaveLength(1);
    });

    it('alerts once for a new F7 report, not again when it is worked on', async () => {
      expectStatus(
        await crew.owner.agent
          .post(`/api/networks/${crew.network.id}/alert-rules`)
          .send({ kind: 'report_created', serverId: server.id }),
        201,
      );
      expectStatus(
        await pluginCall(t, server.token, 'events', {
          events: [
            {
              id: 'alert-report-1',
              type: 'report',
              at: new Date().toISOString(),
              reporterSteamId: steamIdOf(1),
              targetSteamId: steamIdOf(2),
              subject: 'aimbot',
              message: 'snaps to heads',
            },
          ],
        }),
        200,
      );
      const reports = async () => (await alertsOf()).filter((a) => a.kind === 'report_created');
      const [alert] = await eventually(async () => {
        const found = await reports();
        expect(found).toHaveLength(1);
        return found;
      });
      expect(alert).toMatchObject({ state: 'resolved', serverName: 'EU Main' });
      expect(alert.title).toMatch(/^New F7 report on EU Main/);
      const { reports: inbox } = expectStatus(
        await crew.moderator.agent.get(`/api/networks/${crew.network.id}/reports`),
        200,
      ).body.data as { reports: { id: string }[] };
      expectStatus(
        await crew.moderator.agent.post(`/api/reports/${inbox[0].id}/notes`).send({ text: 'Looking' }),
        201,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await reports()).toHaveLength(1);
    });

    it('alerts when someone joins, once the owner turned New member joins on', async () => {
      expectStatus(
        await other.owner.agent
          .patch(`/api/networks/${other.network.id}`)
          .send({ notifications: { serverOffline: true, newMembers: true } }),
        200,
      );
      const newcomer = await signIn(t, { name: 'Nina Newcomer' });
      await joinByInvite(other.owner, newcomer, other.network.id);
      const alert = await eventually(async () => {
        const [found] = await alertsOf('', other);
        expect(found).toBeDefined();
        return found;
      });
      expect(alert).toMatchObject({
        kind: 'member_joins',
        title: `Nina Newcomer joined ${other.network.name}`,
      });
    });
  });
});
