// Alert channels (issue 27): e-mail, Discord, a signed generic webhook and the panel (their Send
// test is alert-channel-sends.spec.ts's); URLs under the egress policy, Discord's on Discord's
// hosts (issue 37); the role matrix and bad input for every route, storing nothing. Discord is the local sink here as the operator's
// DISCORD_API_URL (its origin's /api/webhooks/ is taken as Discord's).
import { type AlertChannel, type CreatedAlertChannel } from '@outpost/contracts';
import { ALERT_CHANNEL_MESSAGES, DISCORD_WEBHOOK_HOSTS } from '@outpost/validation';
import { HostResolver } from '../src/core/egress';
import { type TestApp } from './support';
import { startSink, type Sink } from './support/alert-sink';
import {
  ACTORS,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  MATRIX,
  statusesFor,
  type Crew,
} from './support/crew';

const MANAGE = statusesFor('alerts.manage', { write: true });

describe('alert channels API', () => {
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
  const rows = () => countRows(t, 'alert_channels', { network_id: crew.network.id });
  const addChannel = async (body: Record<string, unknown>, c = crew) =>
    expectStatus(await c.owner.agent.post(base(c)).send(body), 201).body.data as CreatedAlertChannel;

  describe('GET /api/networks/{id}/alert-channels', () => {
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(await agentOf(t, crew, actor).get(base()), MATRIX.read[actor]);
    });

    it('starts a network with the panel and an e-mail to its owner and admins; URLs only for managers', async () => {
      const channels = expectStatus(await crew.owner.agent.get(base()), 200).body.data as AlertChannel[];
      expect(channels.slice(0, 2)).toEqual([
        expect.objectContaining({ type: 'panel', name: 'Panel', enabled: true }),
        expect.objectContaining({ type: 'email', name: 'Owner and admins', emails: [], enabled: true }),
      ]);
      const hook = await addChannel({
        type: 'discord',
        name: 'Staff Discord',
        url: `${sink.url}/api/webhooks/1/staff`,
      });
      const seen = (actor: 'owner' | 'moderator') =>
        agentOf(t, crew, actor)
          .get(base())
          .then((res) => (res.body.data as AlertChannel[]).find((c) => c.id === hook.id)?.url);
      expect(await seen('owner')).toBe(`${sink.url}/api/webhooks/1/staff`);
      expect(await seen('moderator')).toBeNull();
    });
  });

  describe('POST /api/networks/{id}/alert-channels', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const before = await rows();
      const res = await agentOf(t, crew, actor)
        .post(base())
        .send({ type: 'email', name: `Mail by ${actor}`, emails: ['ops@example.com'] });
      expectStatus(res, MANAGE[actor] === 200 ? 201 : MANAGE[actor]);
      expect(await rows()).toBe(before + (res.status === 201 ? 1 : 0));
    });

    const BAD: [string, Record<string, unknown>, string, string][] = [
      ['an unknown type', { type: 'pigeon', name: 'x' }, 'type', 'Type must be one of'],
      ['no name', { type: 'email' }, 'name', 'Name is required'],
      ['a long name', { type: 'email', name: 'n'.repeat(101) }, 'name', 'Name must be 100'],
      ['a bad address', { type: 'email', name: 'x', emails: ['not-an-address'] }, 'emails.0', 'valid e-mail'],
      [
        'too many addresses',
        { type: 'email', name: 'x', emails: Array.from({ length: 21 }, (_, i) => `a${i}@example.com`) },
        'emails',
        'at most 20',
      ],
      ['no URL', { type: 'webhook', name: 'x' }, 'url', 'URL is required'],
      [
        'a URL that is not http(s)',
        { type: 'webhook', name: 'x', url: 'ftp://example.com/hook' },
        'url',
        'http:// or https://',
      ],
      [
        'a URL that is no URL',
        { type: 'discord', name: 'x', url: 'discord please' },
        'url',
        'http:// or https://',
      ],
      [
        'a URL over 2,048 characters',
        { type: 'webhook', name: 'x', url: `https://example.com/${'a'.repeat(2040)}` },
        'url',
        '2048 characters',
      ],
      [
        'the cloud metadata address',
        { type: 'webhook', name: 'x', url: 'http://169.254.169.254/latest/meta-data' },
        'url',
        'link-local',
      ],
      [
        'a link-local address',
        { type: 'webhook', name: 'x', url: 'http://169.254.10.20/hook' },
        'url',
        'link-local',
      ],
      [
        'a Discord channel on another host',
        { type: 'discord', name: 'x', url: 'https://hooks.example.com/api/webhooks/1/abc' },
        'url',
        'must be a Discord webhook URL',
      ],
      [
        'a Discord channel over plain http',
        { type: 'discord', name: 'x', url: 'http://discord.com/api/webhooks/1/abc' },
        'url',
        'must be a Discord webhook URL',
      ],
      [
        'a Discord URL that is no webhook',
        { type: 'discord', name: 'x', url: 'https://discord.com/channels/1/2' },
        'url',
        'must be a Discord webhook URL',
      ],
      [
        'a Discord channel on a link-local address',
        { type: 'discord', name: 'x', url: 'http://169.254.10.20/api/webhooks/1/abc' },
        'url',
        'must be a Discord webhook URL',
      ],
      [
        'the IPv6 metadata address',
        { type: 'webhook', name: 'x', url: 'http://[fd00:ec2::254]/hook' },
        'url',
        'refused',
      ],
      ['an unknown field', { type: 'panel', name: 'x', colour: 'red' }, 'colour', ''],
    ];
    it.each(BAD)('refuses %s (400 naming the field, nothing stored)', async (_name, body, field, message) => {
      const before = await rows();
      const res = expectStatus(await crew.owner.agent.post(base()).send(body), 400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(res.body.error).toContain(message);
      expect(await rows()).toBe(before);
    });

    it("takes Discord's own hosts, and refuses another path on DISCORD_API_URL's origin", async () => {
      jest
        .spyOn(t.app.get(HostResolver), 'resolve')
        .mockResolvedValue([{ address: '162.159.128.233', family: 4 }]);
      for (const host of DISCORD_WEBHOOK_HOSTS)
        await addChannel({
          type: 'discord',
          name: host,
          url: `https://${host}/api/webhooks/123/token-${host}`,
        });
      const before = await rows();
      const res = expectStatus(
        await crew.owner.agent.post(base()).send({ type: 'discord', name: 'x', url: `${sink.url}/hook` }),
        400,
      );
      expect(res.body.details).toEqual([{ field: 'url', message: ALERT_CHANNEL_MESSAGES.discordUrl }]);
      expect(await rows()).toBe(before);
    });

    it('refuses a second panel channel', async () => {
      expectStatus(await crew.owner.agent.post(base()).send({ type: 'panel', name: 'Bell again' }), 409);
    });

    it("answers a webhook's secret once, and never again", async () => {
      const created = await addChannel({ type: 'webhook', name: 'Ops', url: `${sink.url}/ops` });
      expect(created.secret).toMatch(/^[0-9a-f]{64}$/);
      const listed = expectStatus(await crew.owner.agent.get(base()), 200).body.data as Record<
        string,
        unknown
      >[];
      expect(listed.find((c) => c.id === created.id)).not.toHaveProperty('secret');
      expect(JSON.stringify(listed)).not.toContain(created.secret);
    });
  });

  describe('PATCH /api/networks/{id}/alert-channels/{channelId}', () => {
    let channel: AlertChannel;
    beforeAll(async () => {
      channel = await addChannel({ type: 'webhook', name: 'Patchable', url: `${sink.url}/patch` });
    });

    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(
        await agentOf(t, crew, actor).patch(`${base()}/${channel.id}`).send({ name: 'Patchable' }),
        MANAGE[actor],
      );
    });

    it('changes the name and URL; refuses a refused URL and changes nothing', async () => {
      const res = expectStatus(
        await crew.owner.agent
          .patch(`${base()}/${channel.id}`)
          .send({ name: 'Renamed', url: `${sink.url}/renamed` }),
        200,
      );
      expect(res.body.data).toMatchObject({ name: 'Renamed', url: `${sink.url}/renamed` });
      for (const body of [{}, { url: 'http://169.254.169.254/' }, { url: 'gopher://x' }, { type: 'email' }]) {
        expectStatus(await crew.owner.agent.patch(`${base()}/${channel.id}`).send(body), 400);
      }
      const listed = expectStatus(await crew.owner.agent.get(base()), 200).body.data as AlertChannel[];
      expect(listed.find((c) => c.id === channel.id)).toMatchObject({
        name: 'Renamed',
        url: `${sink.url}/renamed`,
      });
    });

    it("answers 404 for another network's channel", async () => {
      expectStatus(await other.owner.agent.patch(`${base(other)}/${channel.id}`).send({ name: 'Mine' }), 404);
    });
  });

  describe('DELETE /api/networks/{id}/alert-channels/{channelId}', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const channel = await addChannel({ type: 'email', name: `Gone ${actor}`, emails: ['x@example.com'] });
      expectStatus(await agentOf(t, crew, actor).delete(`${base()}/${channel.id}`), MANAGE[actor]);
      expect(await countRows(t, 'alert_channels', { id: channel.id })).toBe(MANAGE[actor] === 200 ? 0 : 1);
    });
  });
});
