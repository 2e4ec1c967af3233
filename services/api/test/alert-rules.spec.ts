// Alert rules (issue 27): the settings' two toggles shown as rules, rules added per network or per
// server, the player profile's watch list; the role matrix and bad input (answered 400 naming the
// field, storing nothing) for every route.
import type { AlertRule } from '@outpost/contracts';
import {
  ACTORS,
  agentOf,
  countRows,
  createNetwork,
  createWorld,
  expectStatus,
  statusesFor,
  MATRIX,
  type Crew,
} from './support/crew';
import { addServer, steamIdOf } from './support/plugin';
import type { TestApp } from './support';

const MANAGE = statusesFor('alerts.manage', { write: true });
const MANAGE_READ = statusesFor('alerts.manage');

describe('alert rules API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let serverId: string;
  let otherServerId: string;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    serverId = (await addServer(crew.owner, crew.network.id, 'EU Main')).id;
    otherServerId = (await addServer(other.owner, other.network.id, 'Elsewhere')).id;
  });
  afterAll(() => t.close());

  const base = () => `/api/networks/${crew.network.id}/alert-rules`;
  const rulesOf = async (crewOf = crew) =>
    expectStatus(await crewOf.owner.agent.get(`/api/networks/${crewOf.network.id}/alert-rules`), 200).body
      .data as AlertRule[];
  const addRule = async (body: Record<string, unknown>) =>
    expectStatus(await crew.owner.agent.post(base()).send(body), 201).body.data as AlertRule;
  const rows = () => countRows(t, 'alert_rules', { network_id: crew.network.id });

  describe('GET /api/networks/{id}/alert-rules', () => {
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(await agentOf(t, crew, actor).get(base()), MATRIX.read[actor]);
    });

    it("shows a new network's settings toggles as rules: offline on, new member joins off", async () => {
      const fresh = await createNetwork(crew.owner, 'Fresh');
      const rules = expectStatus(await crew.owner.agent.get(`/api/networks/${fresh.id}/alert-rules`), 200)
        .body.data as AlertRule[];
      expect(rules).toEqual([
        expect.objectContaining({
          kind: 'server_offline',
          enabled: true,
          fromSettings: true,
          serverId: null,
        }),
        expect.objectContaining({ kind: 'member_joins', enabled: false, fromSettings: true, serverId: null }),
      ]);
      // The toggles are the settings: changing them there changes the rules.
      expectStatus(
        await crew.owner.agent
          .patch(`/api/networks/${fresh.id}`)
          .send({ notifications: { serverOffline: false, newMembers: true } }),
        200,
      );
      const after = expectStatus(await crew.owner.agent.get(`/api/networks/${fresh.id}/alert-rules`), 200)
        .body.data as AlertRule[];
      expect(after.map((rule) => [rule.kind, rule.enabled])).toEqual([
        ['server_offline', false],
        ['member_joins', true],
      ]);
    });
  });

  describe('POST /api/networks/{id}/alert-rules', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const before = await rows();
      const res = await agentOf(t, crew, actor).post(base()).send({ kind: 'server_online' });
      expectStatus(res, MANAGE[actor] === 200 ? 201 : MANAGE[actor]);
      expect(await rows()).toBe(before + (res.status === 201 ? 1 : 0));
    });

    it('adds a threshold rule for one server, and a watch list', async () => {
      const rule = await addRule({ kind: 'players_below', serverId, threshold: 5, minutes: 30 });
      expect(rule).toMatchObject({
        kind: 'players_below',
        serverId,
        threshold: 5,
        minutes: 30,
        steamIds: [],
        enabled: true,
        fromSettings: false,
      });
      const watch = await addRule({
        kind: 'player_joins',
        steamIds: [steamIdOf(1), steamIdOf(1), steamIdOf(2)],
      });
      expect(watch.steamIds).toEqual([steamIdOf(1), steamIdOf(2)]);
      expect((await rulesOf()).map((r) => r.id)).toEqual(expect.arrayContaining([rule.id, watch.id]));
    });

    const BAD: [string, Record<string, unknown>, string, string][] = [
      ['an unknown kind', { kind: 'server_exploded' }, 'kind', 'Kind must be one of'],
      ['no threshold', { kind: 'fps_below', minutes: 5 }, 'threshold', 'Threshold is required'],
      ['no minutes', { kind: 'fps_below', threshold: 30 }, 'minutes', 'Minutes is required'],
      [
        'a negative threshold',
        { kind: 'fps_below', threshold: -1, minutes: 5 },
        'threshold',
        'Threshold must be',
      ],
      [
        'a threshold as text',
        { kind: 'fps_below', threshold: '30', minutes: 5 },
        'threshold',
        'Threshold must be',
      ],
      ['zero minutes', { kind: 'players_above', threshold: 50, minutes: 0 }, 'minutes', 'Minutes must be'],
      [
        'minutes over a day',
        { kind: 'players_above', threshold: 50, minutes: 1441 },
        'minutes',
        'Minutes must be',
      ],
      [
        'fractional minutes',
        { kind: 'players_above', threshold: 50, minutes: 1.5 },
        'minutes',
        'Minutes must be',
      ],
      ['a bad steamId', { kind: 'player_joins', steamIds: ['bob'] }, 'steamIds.0', 'SteamID64'],
      ['an empty watch list', { kind: 'player_joins', steamIds: [] }, 'steamIds', 'at least one steamId'],
      ['a server filter on member joins', { kind: 'member_joins', serverId: 'x' }, 'serverId', ''],
      ['an unknown field', { kind: 'server_online', colour: 'red' }, 'colour', ''],
    ];
    it.each(BAD)('refuses %s (400, nothing stored)', async (_name, body, field, message) => {
      const before = await rows();
      const res = expectStatus(await crew.owner.agent.post(base()).send(body), 400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(res.body.error).toContain(message);
      expect(await rows()).toBe(before);
    });

    it("refuses another network's server, or none, naming serverId", async () => {
      const before = await rows();
      for (const id of [otherServerId, '00000000-0000-4000-8000-000000000000']) {
        const res = expectStatus(
          await crew.owner.agent.post(base()).send({ kind: 'server_offline', serverId: id }),
          400,
        );
        expect(res.body.details).toEqual([expect.objectContaining({ field: 'serverId' })]);
      }
      expect(await rows()).toBe(before);
    });

    it('refuses a watch list over its limit', async () => {
      const steamIds = Array.from({ length: 501 }, (_, i) => steamIdOf(10_000 + i));
      const res = expectStatus(
        await crew.owner.agent.post(base()).send({ kind: 'player_joins', steamIds }),
        400,
      );
      expect(res.body.error).toBe('A watch list holds at most 500 players');
    });
  });

  describe('PATCH /api/networks/{id}/alert-rules/{ruleId}', () => {
    let rule: AlertRule;
    beforeAll(async () => {
      rule = await addRule({ kind: 'fps_below', threshold: 30, minutes: 5 });
    });

    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(
        await agentOf(t, crew, actor).patch(`${base()}/${rule.id}`).send({ enabled: true }),
        MANAGE[actor],
      );
    });

    it('changes the threshold and turns it off; the kind stays', async () => {
      const res = expectStatus(
        await crew.admin.agent.patch(`${base()}/${rule.id}`).send({ threshold: 20, enabled: false }),
        200,
      );
      expect(res.body.data).toMatchObject({
        id: rule.id,
        kind: 'fps_below',
        threshold: 20,
        minutes: 5,
        enabled: false,
      });
      const kind = expectStatus(
        await crew.admin.agent.patch(`${base()}/${rule.id}`).send({ kind: 'players_above' }),
        400,
      );
      expect(kind.body.details).toEqual([expect.objectContaining({ field: 'kind' })]);
    });

    it('refuses bad input and changes nothing', async () => {
      for (const body of [
        {},
        { threshold: null },
        { minutes: 0 },
        { serverId: otherServerId },
        { steamIds: 'x' },
      ]) {
        expectStatus(await crew.owner.agent.patch(`${base()}/${rule.id}`).send(body), 400);
      }
      const stored = (await rulesOf()).find((r) => r.id === rule.id);
      expect(stored).toMatchObject({ threshold: 20, minutes: 5 });
    });

    it("answers 404 for another network's rule, and 409 for a settings toggle", async () => {
      expectStatus(
        await other.owner.agent
          .patch(`/api/networks/${other.network.id}/alert-rules/${rule.id}`)
          .send({ enabled: true }),
        404,
      );
      const res = expectStatus(
        await crew.owner.agent.patch(`${base()}/${crew.network.id}:server_offline`).send({ enabled: false }),
        409,
      );
      expect(res.body.error).toContain('Server offline alerts');
      expect((await rulesOf())[0]).toMatchObject({ kind: 'server_offline', enabled: true });
    });
  });

  describe('DELETE /api/networks/{id}/alert-rules/{ruleId}', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const rule = await addRule({ kind: 'report_created' });
      expectStatus(await agentOf(t, crew, actor).delete(`${base()}/${rule.id}`), MANAGE[actor]);
      expect(await countRows(t, 'alert_rules', { id: rule.id })).toBe(MANAGE[actor] === 200 ? 0 : 1);
    });

    it('answers 404 for an unknown rule and 409 for a settings toggle', async () => {
      expectStatus(await crew.owner.agent.delete(`${base()}/nope`), 404);
      expectStatus(await crew.owner.agent.delete(`${base()}/${crew.network.id}:member_joins`), 409);
    });
  });

  describe('the watch list (/alert-rules/watched-players)', () => {
    const watchPath = (steamId = '') =>
      `/api/networks/${other.network.id}/alert-rules/watched-players${steamId && `/${steamId}`}`;

    it.each(ACTORS)('GET: %s', async (actor) => {
      const path = `${base()}/watched-players`;
      expectStatus(await agentOf(t, crew, actor).get(path), MANAGE_READ[actor]);
    });

    it.each(ACTORS)('PUT and DELETE: %s', async (actor) => {
      const path = `${base()}/watched-players/${steamIdOf(500)}`;
      expectStatus(await agentOf(t, crew, actor).put(path), MANAGE[actor]);
      expectStatus(await agentOf(t, crew, actor).delete(path), MANAGE[actor]);
    });

    it('adds to and takes from the network’s watched-player rule, made when needed', async () => {
      expect(expectStatus(await other.owner.agent.get(watchPath()), 200).body.data).toEqual([]);
      expect(expectStatus(await other.owner.agent.put(watchPath(steamIdOf(7))), 200).body.data).toEqual([
        steamIdOf(7),
      ]);
      expect(expectStatus(await other.owner.agent.put(watchPath(steamIdOf(7))), 200).body.data).toEqual([
        steamIdOf(7),
      ]);
      expect(expectStatus(await other.admin.agent.put(watchPath(steamIdOf(8))), 200).body.data).toEqual([
        steamIdOf(7),
        steamIdOf(8),
      ]);
      const rules = (await rulesOf(other)).filter((rule) => rule.kind === 'player_joins');
      expect(rules).toEqual([
        expect.objectContaining({ serverId: null, steamIds: [steamIdOf(7), steamIdOf(8)] }),
      ]);
      expect(expectStatus(await other.owner.agent.delete(watchPath(steamIdOf(7))), 200).body.data).toEqual([
        steamIdOf(8),
      ]);
    });

    it('refuses a steamId that is not one (400, nothing stored)', async () => {
      const before = await countRows(t, 'alert_rules', { network_id: other.network.id });
      const res = expectStatus(await other.owner.agent.put(watchPath('robert')), 400);
      expect(res.body.error).toBe('The steamId must be a SteamID64 (17 digits)');
      expect(await countRows(t, 'alert_rules', { network_id: other.network.id })).toBe(before);
    });
  });
});
