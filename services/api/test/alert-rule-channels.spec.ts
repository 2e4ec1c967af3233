// A rule chooses its channels (issue 38): every channel of the network by default (channelIds
// null, those added later too), or the ones it names; an alert reaches only those, and its
// resolution goes where its firing went. A deleted channel leaves the rules that named it, and a
// rule left with none sends to every channel again rather than to nowhere. The role matrix and bad
// input (400 naming channelIds, nothing stored) for the routes that take channelIds.
import type { Alert, AlertChannel, AlertRule, AlertsResponse } from '@outpost/contracts';
import { ALERT_LIMITS } from '@outpost/contracts';
import { ALERT_RULE_MESSAGES } from '@outpost/validation';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import type { TestApp } from './support';
import { eventually, startSink, type Sink } from './support/alert-sink';
import {
  ACTORS,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  statusesFor,
  type Crew,
} from './support/crew';
import { addServer, heartbeat, sendReportEvent } from './support/plugin';

const MANAGE = statusesFor('alerts.manage', { write: true });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('alert rules choose their channels', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let sink: Sink;
  let server: { id: string; token: string };
  let panel: AlertChannel;
  let email: AlertChannel;
  let ops: AlertChannel;
  let night: AlertChannel;
  let elsewhere: AlertChannel;
  beforeAll(async () => {
    sink = await startSink();
    ({ t, crew, other } = await createWorld());
    server = await addServer(crew.owner, crew.network.id, 'EU Main');
    [panel, email] = await channelsOf(crew);
    ops = await addChannel(crew, { type: 'webhook', name: 'Ops', url: `${sink.url}/ops` });
    night = await addChannel(crew, { type: 'webhook', name: 'Night shift', url: `${sink.url}/night` });
    elsewhere = await addChannel(other, { type: 'webhook', name: 'Theirs', url: `${sink.url}/theirs` });
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const rulesPath = (c = crew) => `/api/networks/${c.network.id}/alert-rules`;
  const channelsOf = async (c: Crew) =>
    expectStatus(await c.owner.agent.get(`/api/networks/${c.network.id}/alert-channels`), 200).body
      .data as AlertChannel[];
  const addChannel = async (c: Crew, body: Record<string, unknown>) =>
    expectStatus(await c.owner.agent.post(`/api/networks/${c.network.id}/alert-channels`).send(body), 201)
      .body.data as AlertChannel;
  const addRule = async (body: Record<string, unknown>) =>
    expectStatus(await crew.owner.agent.post(rulesPath()).send(body), 201).body.data as AlertRule;
  const ruleOf = async (id: string) =>
    (expectStatus(await crew.member.agent.get(rulesPath()), 200).body.data as AlertRule[]).find(
      (rule) => rule.id === id,
    );
  const rows = () => countRows(t, 'alert_rules', { network_id: crew.network.id });
  const alertsOf = async (ruleId: string): Promise<Alert[]> =>
    (
      expectStatus(await crew.member.agent.get(`/api/networks/${crew.network.id}/alerts`), 200).body
        .data as AlertsResponse
    ).alerts.filter((alert) => alert.ruleId === ruleId);
  /** Sends an F7 report from the server, which the report rules alert about. */
  let reports = 0;
  const sendReport = () => sendReportEvent(t, server.token, `channels-report-${(reports += 1)}`);
  /** The channels (their names) the rule's latest alert was sent to, once each is delivered. */
  const deliveredTo = async (ruleId: string, count: number, event = 'fired') =>
    eventually(async () => {
      const [alert] = await alertsOf(ruleId);
      const deliveries = alert.deliveries.filter((delivery) => delivery.event === event);
      expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(count).fill('succeeded'));
      return deliveries.map((delivery) => delivery.channelName).sort();
    });

  describe('POST /api/networks/{id}/alert-rules with channelIds', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const before = await rows();
      const res = await agentOf(t, crew, actor)
        .post(rulesPath())
        .send({ kind: 'server_online', channelIds: [ops.id] });
      expectStatus(res, MANAGE[actor] === 200 ? 201 : MANAGE[actor]);
      expect(await rows()).toBe(before + (res.status === 201 ? 1 : 0));
      if (res.status === 201) expect(res.body.data).toMatchObject({ channelIds: [ops.id] });
    });

    it('is every channel by default (null), and names each chosen channel once', async () => {
      expect(await addRule({ kind: 'server_online' })).toMatchObject({ channelIds: null });
      expect(await addRule({ kind: 'server_online', channelIds: null })).toMatchObject({ channelIds: null });
      expect(await addRule({ kind: 'server_online', channelIds: [ops.id, night.id, ops.id] })).toMatchObject({
        channelIds: [ops.id, night.id],
      });
      // The settings' rules send to every channel.
      const [offline] = expectStatus(await crew.owner.agent.get(rulesPath()), 200).body.data as AlertRule[];
      expect(offline).toMatchObject({ fromSettings: true, channelIds: null });
    });

    const BAD: [string, () => unknown, string][] = [
      ['an unknown channel id', () => [UNKNOWN_ID], ALERT_RULE_MESSAGES.unknownChannel],
      ["another network's channel", () => [ops.id, elsewhere.id], ALERT_RULE_MESSAGES.unknownChannel],
      ['an empty list', () => [], ALERT_RULE_MESSAGES.channelIdsEmpty],
      ['a word instead of a list', () => 'all', ALERT_RULE_MESSAGES.channelIds],
      ['a number in the list', () => [5], ALERT_RULE_MESSAGES.channelIds],
      [
        'more channels than a rule names',
        () => Array.from({ length: ALERT_LIMITS.ruleChannels + 1 }, () => ops.id),
        ALERT_RULE_MESSAGES.channelIdsTooMany,
      ],
    ];
    it.each(BAD)('refuses %s (400 naming channelIds, nothing stored)', async (_name, channelIds, message) => {
      const before = await rows();
      const res = expectStatus(
        await crew.owner.agent.post(rulesPath()).send({ kind: 'report_created', channelIds: channelIds() }),
        400,
      );
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: message });
      expect(res.body.details).toEqual([
        expect.objectContaining({ field: expect.stringMatching(/^channelIds/), message }),
      ]);
      expect(await rows()).toBe(before);
    });

    it("answers 404 on another network's rules", async () => {
      expectStatus(
        await other.owner.agent.post(rulesPath(crew)).send({ kind: 'server_online', channelIds: [ops.id] }),
        404,
      );
    });
  });

  describe('PATCH /api/networks/{id}/alert-rules/{ruleId} with channelIds', () => {
    let rule: AlertRule;
    beforeAll(async () => {
      rule = await addRule({ kind: 'server_online' });
    });

    it.each(ACTORS)('%s', async (actor) => {
      const res = await agentOf(t, crew, actor)
        .patch(`${rulesPath()}/${rule.id}`)
        .send({ channelIds: [night.id] });
      expectStatus(res, MANAGE[actor]);
      if (res.status === 200) expect((await ruleOf(rule.id))?.channelIds).toEqual([night.id]);
    });

    it('chooses channels, then every channel again with null', async () => {
      const path = `${rulesPath()}/${rule.id}`;
      expect(
        expectStatus(await crew.admin.agent.patch(path).send({ channelIds: [ops.id] }), 200).body.data,
      ).toMatchObject({ channelIds: [ops.id] });
      expect(
        expectStatus(await crew.admin.agent.patch(path).send({ channelIds: null }), 200).body.data,
      ).toMatchObject({ channelIds: null });
    });

    it('refuses an unknown channel and changes nothing', async () => {
      const path = `${rulesPath()}/${rule.id}`;
      expectStatus(await crew.owner.agent.patch(path).send({ channelIds: [email.id] }), 200);
      for (const channelIds of [[UNKNOWN_ID], [elsewhere.id], [], 'all']) {
        const res = expectStatus(await crew.owner.agent.patch(path).send({ channelIds }), 400);
        expect(res.body.details).toEqual([
          expect.objectContaining({ field: expect.stringMatching(/^channelIds/) }),
        ]);
      }
      expect((await ruleOf(rule.id))?.channelIds).toEqual([email.id]);
      expectStatus(
        await other.owner.agent.patch(`${rulesPath(other)}/${rule.id}`).send({ channelIds: [elsewhere.id] }),
        404,
      );
    });
  });

  describe('where the alerts go', () => {
    it("reaches only the rule's channels; a rule of every channel reaches all of them", async () => {
      const chosen = await addRule({ kind: 'report_created', channelIds: [panel.id, night.id] });
      await sendReport();
      expect(await deliveredTo(chosen.id, 2)).toEqual(['Night shift', 'Panel']);
      expect(sink.requests.filter((request) => request.path === '/ops')).toEqual([]);
      expect(sink.requests.filter((request) => request.path === '/night')).toHaveLength(1);
      expectStatus(await crew.owner.agent.delete(`${rulesPath()}/${chosen.id}`), 200);

      const everyone = await addRule({ kind: 'report_created' });
      await sendReport();
      const names = (await channelsOf(crew)).map((channel) => channel.name).sort();
      expect(await deliveredTo(everyone.id, names.length)).toEqual(names);
      expectStatus(await crew.owner.agent.delete(`${rulesPath()}/${everyone.id}`), 200);
    });

    it('resolves where it fired', async () => {
      const rule = await addRule({ kind: 'server_offline', serverId: server.id, channelIds: [ops.id] });
      const plugin = t.app.get(PluginClock);
      const start = Date.now();
      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start));
      await heartbeat(t, server.token, []);
      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start + 31_000));
      await t.app.get(OfflineSweepService).sweep();
      expect(await deliveredTo(rule.id, 1)).toEqual(['Ops']);
      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start + 40_000));
      await heartbeat(t, server.token, []);
      expect(await deliveredTo(rule.id, 1, 'resolved')).toEqual(['Ops']);
      expectStatus(await crew.owner.agent.delete(`${rulesPath()}/${rule.id}`), 200);
    });
  });

  describe('deleting a channel', () => {
    it('takes it out of the rules that named it; a rule left with none sends to every channel', async () => {
      const spare = await addChannel(crew, { type: 'webhook', name: 'Spare', url: `${sink.url}/spare` });
      const last = await addChannel(crew, { type: 'webhook', name: 'Last', url: `${sink.url}/last` });
      const both = await addRule({ kind: 'report_created', channelIds: [spare.id, last.id] });
      const untouched = await addRule({ kind: 'server_online', channelIds: [ops.id] });
      const channelPath = (id: string) => `/api/networks/${crew.network.id}/alert-channels/${id}`;

      expectStatus(await crew.owner.agent.delete(channelPath(spare.id)), 200);
      expect(await ruleOf(both.id)).toMatchObject({ channelIds: [last.id] });
      expect(await ruleOf(untouched.id)).toMatchObject({ channelIds: [ops.id] });

      expectStatus(await crew.admin.agent.delete(channelPath(last.id)), 200);
      expect(await ruleOf(both.id)).toMatchObject({ channelIds: null });
      await sendReport();
      const names = (await channelsOf(crew)).map((channel) => channel.name).sort();
      expect(await deliveredTo(both.id, names.length)).toEqual(names);
    });
  });
});
