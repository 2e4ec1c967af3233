// Alert channels' Send test (issue 27): a test message reaching a local HTTP sink, Discord (the
// sink as the operator's DISCORD_API_URL) and the outbox, signed as the README says; a failing sink
// retried, then failed with the reason; the role matrix. The channels' routes are alert-channels.spec.ts's.
import {
  ALERT_SIGNATURE_HEADER,
  ALERT_TIMESTAMP_HEADER,
  type AlertChannel,
  type AlertDelivery,
  type CreatedAlertChannel,
} from '@outpost/contracts';
import { ALERT_CHANNEL_MESSAGES } from '@outpost/validation';
import { createHmac } from 'node:crypto';
import { HostResolver } from '../src/core/egress';
import { AlertsClock } from '../src/modules/alerts';
import { Dispatcher } from '../src/modules/alerts/dispatcher';
import { readOutbox, type TestApp } from './support';
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

const MANAGE = statusesFor('alerts.manage', { write: true });

describe('alert channels: Send test', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let sink: Sink;
  beforeAll(async () => {
    sink = await startSink();
    ({ t, crew, other } = await createWorld({ env: { DISCORD_API_URL: `${sink.url}/api/v10` } }));
  });
  afterAll(async () => {
    await sink.close();
    await t.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const base = (c = crew) => `/api/networks/${c.network.id}/alert-channels`;
  const addChannel = async (body: Record<string, unknown>, c = crew) =>
    expectStatus(await c.owner.agent.post(base(c)).send(body), 201).body.data as CreatedAlertChannel;
  const sendTest = async (channelId: string, c = crew) =>
    expectStatus(await c.owner.agent.post(`${base(c)}/${channelId}/test`), 200).body.data as AlertDelivery;

  describe('POST /api/networks/{id}/alert-channels/{channelId}/test', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const [panel] = expectStatus(await crew.owner.agent.get(base()), 200).body.data as AlertChannel[];
      const before = await countRows(t, 'alert_deliveries', { channel_id: panel.id });
      const res = await agentOf(t, crew, actor).post(`${base()}/${panel.id}/test`);
      expectStatus(res, MANAGE[actor]);
      expect(await countRows(t, 'alert_deliveries', { channel_id: panel.id })).toBe(
        before + (res.status === 200 ? 1 : 0),
      );
    });

    it('sends a generic webhook with its time, signed with the secret given at creation', async () => {
      const created = await addChannel({ type: 'webhook', name: 'Signed', url: `${sink.url}/signed` }, other);
      const delivery = await sendTest(created.id, other);
      expect(delivery).toMatchObject({
        event: 'test',
        status: 'succeeded',
        attempts: 1,
        lastError: null,
        channelType: 'webhook',
      });
      const request = sink.requests.filter((r) => r.path === '/signed').at(-1)!;
      // X-Outpost-Timestamp: unix seconds, now; the signature covers `<timestamp>.<raw body>`.
      const timestamp = request.headers[ALERT_TIMESTAMP_HEADER.toLowerCase()] as string;
      expect(timestamp).toMatch(/^\d+$/);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(10);
      const expected = createHmac('sha256', created.secret!)
        .update(`${timestamp}.${request.body}`)
        .digest('hex');
      expect(request.headers[ALERT_SIGNATURE_HEADER.toLowerCase()]).toBe(expected);
      expect(JSON.parse(request.body)).toMatchObject({
        event: 'test',
        network: { id: other.network.id },
        alert: null,
      });
    });

    it('sends a Discord embed', async () => {
      const created = await addChannel(
        { type: 'discord', name: 'Discord', url: `${sink.url}/api/webhooks/2/test` },
        other,
      );
      expect(await sendTest(created.id, other)).toMatchObject({ status: 'succeeded' });
      const body = JSON.parse(sink.requests.filter((r) => r.path === '/api/webhooks/2/test').at(-1)!.body);
      expect(body.embeds[0]).toMatchObject({
        title: expect.stringContaining('Test alert'),
        color: expect.any(Number),
      });
    });

    it('mails the owner and admins through the outbox', async () => {
      const email = (
        expectStatus(await other.owner.agent.get(base(other)), 200).body.data as AlertChannel[]
      ).find((c) => c.type === 'email' && c.name === 'Owner and admins')!;
      expect(await sendTest(email.id, other)).toMatchObject({ status: 'succeeded', channelType: 'email' });
      await eventually(() => {
        const mails = readOutbox(t).filter((m) => m.subject.includes('Test alert'));
        expect(mails.map((m) => m.to)).toEqual(
          expect.arrayContaining([other.owner.user.email, other.admin.user.email]),
        );
        expect(mails.map((m) => m.to)).not.toContain(other.member.user.email);
      });
    });

    it('shows a failing sink retrying with the reason, then failed after 5 attempts', async () => {
      const clock = t.app.get(AlertsClock);
      const dispatcher = t.app.get(Dispatcher);
      const start = Date.now();
      let now = start;
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(now));
      sink.answer((request) => (request.path === '/broken' ? { status: 500 } : { status: 204 }));
      const created = await addChannel({ type: 'webhook', name: 'Broken', url: `${sink.url}/broken` }, other);
      const first = await sendTest(created.id, other);
      expect(first).toMatchObject({ status: 'retrying', attempts: 1, lastError: 'HTTP 500' });
      expect(Date.parse(first.nextAttemptAt!)).toBe(start + 5_000);
      for (const wait of [5_000, 30_000, 120_000, 600_000]) {
        now += wait;
        await dispatcher.run();
      }
      const [row] = (await (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex })
        .getKnex()('alert_deliveries')
        .where({ id: first.id })) as {
        status: string;
        attempts: number;
        last_error: string;
        next_attempt_at: unknown;
      }[];
      expect(row).toMatchObject({
        status: 'failed',
        attempts: 5,
        last_error: 'HTTP 500',
        next_attempt_at: null,
      });
      const attempts = sink.requests.filter((r) => r.path === '/broken');
      expect(attempts).toHaveLength(5);
      // Each attempt is signed with the time it was sent, so a late retry is no stale replay.
      expect(attempts.map((r) => Number(r.headers[ALERT_TIMESTAMP_HEADER.toLowerCase()]))).toEqual(
        [0, 5_000, 35_000, 155_000, 755_000].map((wait) => Math.floor((start + wait) / 1000)),
      );
      sink.answer(() => ({ status: 204 }));
    });

    it("waits as long as Discord's 429 says before trying again", async () => {
      const clock = t.app.get(AlertsClock);
      const start = Date.now();
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(start));
      sink.answer((request) =>
        request.path === '/api/webhooks/3/busy'
          ? { status: 429, body: JSON.stringify({ retry_after: 42.5, global: false }) }
          : { status: 204 },
      );
      const created = await addChannel(
        { type: 'discord', name: 'Busy', url: `${sink.url}/api/webhooks/3/busy` },
        other,
      );
      const delivery = await sendTest(created.id, other);
      expect(delivery).toMatchObject({
        status: 'retrying',
        attempts: 1,
        lastError: 'HTTP 429 (rate limited)',
      });
      expect(Date.parse(delivery.nextAttemptAt!)).toBe(start + 42_500);
      sink.answer(() => ({ status: 204 }));
    });

    it('checks the address a name resolves to when sending, and fails at once when it is refused', async () => {
      const resolver = t.app.get(HostResolver);
      const resolve = jest
        .spyOn(resolver, 'resolve')
        .mockResolvedValue([{ address: '203.0.113.7', family: 4 }]);
      const created = await addChannel(
        { type: 'webhook', name: 'Rebound', url: 'http://hooks.example.test/x' },
        other,
      );
      // Since saved, the name came to point at the cloud metadata address.
      resolve.mockResolvedValue([{ address: '169.254.169.254', family: 4 }]);
      const delivery = await sendTest(created.id, other);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
      expect(delivery.lastError).toMatch(
        /^refused by the egress policy: hooks\.example\.test \(169\.254\.169\.254\) is refused by the link-local rule/,
      );
    });

    it("fails at once, dialling nothing, a Discord channel stored before Discord's hosts were required", async () => {
      const created = await addChannel(
        { type: 'discord', name: 'Old', url: `${sink.url}/api/webhooks/4/old` },
        other,
      );
      // As saved by a panel that took any URL for Discord.
      await (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex })
        .getKnex()('alert_channels')
        .where({ id: created.id })
        .update({ url: `${sink.url}/old-discord` });
      const delivery = await sendTest(created.id, other);
      expect(delivery).toMatchObject({
        status: 'failed',
        attempts: 1,
        nextAttemptAt: null,
        lastError: ALERT_CHANNEL_MESSAGES.discordUrl,
      });
      expect(sink.requests.filter((r) => r.path === '/old-discord')).toEqual([]);
    });

    it('refuses a name that resolves to a refused address when saved', async () => {
      jest
        .spyOn(t.app.get(HostResolver), 'resolve')
        .mockResolvedValue([{ address: '169.254.169.254', family: 4 }]);
      const before = await countRows(t, 'alert_channels', { network_id: other.network.id });
      const res = expectStatus(
        await other.owner.agent
          .post(base(other))
          .send({ type: 'webhook', name: 'Meta', url: 'https://metadata.example.test/' }),
        400,
      );
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'url' })]);
      expect(res.body.error).toContain('link-local');
      expect(await countRows(t, 'alert_channels', { network_id: other.network.id })).toBe(before);
    });

    it('answers 404 for an unknown channel', async () => {
      expectStatus(await crew.owner.agent.post(`${base()}/nope/test`), 404);
    });
  });
});
