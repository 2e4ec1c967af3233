// The alerts already raised, as members read them (issue 27): the history with its pages and
// filters, one alert with its deliveries, and the bell (inbox and read marks), with their role
// matrices, and alert.changed on the live stream. The alerts come from a server going offline
// three times under a controlled clock (how they arise is alert-incidents.spec.ts's subject).
import type { Alert, AlertInbox, AlertsResponse, CreatedAlertChannel } from '@outpost/contracts';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import type { TestApp } from './support';
import { eventually, startSink, type Sink } from './support/alert-sink';
import { openLive } from './support/live-client';
import { ACTORS, agentOf, createWorld, expectStatus, MATRIX, type Crew } from './support/crew';
import { addServer, heartbeat } from './support/plugin';

const MINUTE = 60_000;

describe('alerts: the history and the bell', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let sink: Sink;
  let server: { id: string; token: string };
  let hook: CreatedAlertChannel;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    sink = await startSink();
    server = await addServer(crew.owner, crew.network.id, 'EU Main');
    hook = expectStatus(
      await crew.owner.agent
        .post(`/api/networks/${crew.network.id}/alert-channels`)
        .send({ type: 'webhook', name: 'Ops', url: `${sink.url}/ops` }),
      201,
    ).body.data as CreatedAlertChannel;
    // Three servers offline one after the other, the first two back since: three alerts (one
    // server's again would reopen its alert, as flapping does).
    const servers = [
      server,
      ...(await Promise.all(
        ['EU Two', 'EU Three'].map((name) => addServer(crew.owner, crew.network.id, name)),
      )),
    ];
    const start = Date.now() - 60 * MINUTE;
    for (const [n, each] of servers.entries()) {
      await goesOffline(each, start + n * 10 * MINUTE);
      await eventually(async () => expect(await alertsOf()).toHaveLength(n + 1));
    }
    for (const each of servers.slice(0, 2)) await heartbeat(t, each.token, []);
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });
  afterEach(() => jest.restoreAllMocks());

  /** A heartbeat of `of` at `at`, then the sweep 31 s later, when it is three heartbeats late. */
  const goesOffline = async (of: { token: string }, at: number) => {
    const plugin = t.app.get(PluginClock);
    jest.spyOn(plugin, 'now').mockReturnValue(new Date(at));
    await heartbeat(t, of.token, []);
    jest.spyOn(plugin, 'now').mockReturnValue(new Date(at + 31_000));
    await t.app.get(OfflineSweepService).sweep();
    jest.restoreAllMocks();
  };
  const alertsOf = async (query = '', c = crew) =>
    (
      expectStatus(await c.member.agent.get(`/api/networks/${c.network.id}/alerts${query}`), 200).body
        .data as AlertsResponse
    ).alerts;

  describe('GET /api/networks/{id}/alerts', () => {
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(
        await agentOf(t, crew, actor).get(`/api/networks/${crew.network.id}/alerts`),
        MATRIX.read[actor],
      );
    });

    it('pages newest first and filters by state', async () => {
      const all = await alertsOf();
      expect(all.length).toBeGreaterThanOrEqual(3);
      const first = expectStatus(
        await crew.member.agent.get(`/api/networks/${crew.network.id}/alerts?limit=1`),
        200,
      ).body.data as AlertsResponse;
      expect(first.alerts.map((a) => a.id)).toEqual([all[0].id]);
      const next = expectStatus(
        await crew.member.agent.get(
          `/api/networks/${crew.network.id}/alerts?limit=1&cursor=${first.nextCursor}`,
        ),
        200,
      ).body.data as AlertsResponse;
      expect(next.alerts.map((a) => a.id)).toEqual([all[1].id]);
      expect((await alertsOf('?state=resolved')).every((a) => a.state === 'resolved')).toBe(true);
    });

    it('refuses bad filters naming the field', async () => {
      for (const [query, field] of [
        ['?state=angry', 'state'],
        ['?limit=0', 'limit'],
        ['?before=nope!', 'before'],
        [`?serverId=${other.network.id}`, 'serverId'],
      ]) {
        const res = expectStatus(
          await crew.member.agent.get(`/api/networks/${crew.network.id}/alerts${query}`),
          400,
        );
        expect(res.body.details).toEqual([expect.objectContaining({ field })]);
      }
    });
  });

  describe('GET /api/networks/{id}/alerts/{alertId}', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const [alert] = await alertsOf();
      expectStatus(
        await agentOf(t, crew, actor).get(`/api/networks/${crew.network.id}/alerts/${alert.id}`),
        MATRIX.read[actor],
      );
    });

    it("answers one alert with its deliveries, and 404 for another network's", async () => {
      const [alert] = await alertsOf();
      const one = expectStatus(
        await crew.member.agent.get(`/api/networks/${crew.network.id}/alerts/${alert.id}`),
        200,
      ).body.data as Alert;
      expect(one).toEqual(alert);
      expectStatus(await other.owner.agent.get(`/api/networks/${other.network.id}/alerts/${alert.id}`), 404);
    });
  });

  describe('the bell: GET /api/alerts/inbox and POST /api/alerts/inbox/read', () => {
    it('answers the latest alerts of my networks with the unread count, and marks them read', async () => {
      const inbox = expectStatus(await crew.moderator.agent.get('/api/alerts/inbox'), 200).body
        .data as AlertInbox;
      expect(inbox.alerts.length).toBeGreaterThan(0);
      expect(inbox.alerts.every((a) => a.networkId === crew.network.id)).toBe(true);
      expect(inbox.unread).toBe(inbox.alerts.length);
      const read = expectStatus(await crew.moderator.agent.post('/api/alerts/inbox/read'), 200).body
        .data as AlertInbox;
      expect(read.unread).toBe(0);
      // Someone else's mark is their own.
      expect(
        (expectStatus(await crew.member.agent.get('/api/alerts/inbox'), 200).body.data as AlertInbox).unread,
      ).toBe(inbox.alerts.length);
    });

    it('shows nothing of networks I am not in; asks for a session; the demo user reads only', async () => {
      const outsider = expectStatus(await crew.outsider.agent.get('/api/alerts/inbox'), 200).body
        .data as AlertInbox;
      expect(outsider.alerts.every((a) => a.networkId !== crew.network.id)).toBe(true);
      expectStatus(await t.newAgent().get('/api/alerts/inbox'), 401);
      expectStatus(await t.newAgent().post('/api/alerts/inbox/read'), 401);
      expectStatus(await crew.demo.agent.get('/api/alerts/inbox'), 200);
      expectStatus(await crew.demo.agent.post('/api/alerts/inbox/read'), 403);
    });

    it('tells the members on the live stream', async () => {
      const live = await openLive(t, { jwt: crew.member.jwt });
      try {
        const plugin = t.app.get(PluginClock);
        const last = Date.parse((await alertsOf())[0].firedAt) + 10 * MINUTE;
        jest.spyOn(plugin, 'now').mockReturnValue(new Date(last));
        await heartbeat(t, server.token, []);
        jest.spyOn(plugin, 'now').mockReturnValue(new Date(last + 31_000));
        await t.app.get(OfflineSweepService).sweep();
        const frame = await live.next((f) => f.event === 'alert.changed', 5_000);
        expect(frame.data).toMatchObject({ networkId: crew.network.id, alert: { kind: 'server_offline' } });
      } finally {
        live.close();
      }
    });
  });

  it('keeps the webhook secret out of every answer', async () => {
    const body = JSON.stringify(await alertsOf());
    expect(body).not.toContain(hook.secret);
  });
});
