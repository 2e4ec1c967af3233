// Suspicious activity (issue 28): the role and plan matrices of every route, bad input, and the
// score explained from real events: F7 reports from the plugin, kills, an AntiHack console line and
// a violation event, names in a short time, an IP shared with a banned account; dismiss and flag.
import {
  DEFAULT_SUSPICIOUS_SETTINGS,
  planRequiredMessage,
  type SuspiciousList,
  type SuspiciousPlayer,
} from '@outpost/contracts';
import {
  ACTORS,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  statusesFor,
  type Crew,
} from './support/crew';
import { setPlan } from './support/plans';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';
import type { TestApp } from './support';
import { until } from './support/until';

const rex = { steamId: steamIdOf(901), name: 'Rex', ip: '198.51.100.9' };
const reporters = [902, 903, 904].map((n) => ({ steamId: steamIdOf(n), name: `R${n}` }));
const crowd = Array.from({ length: 8 }, (_, i) => ({ steamId: steamIdOf(920 + i), name: `C${i}` }));
const banned = { steamId: steamIdOf(950), name: 'Banned', ip: '198.51.100.9' };

let sequence = 0;
const eventId = () => `e-${++sequence}`;
const now = () => new Date().toISOString();

const factorOf = (player: SuspiciousPlayer | undefined, key: string) =>
  player?.factors.find((factor) => factor.key === key);

describe('suspicious activity', () => {
  let t: TestApp;
  let crew: Crew;
  let serverId: string;
  let token: string;
  const events = (list: Record<string, unknown>[]) =>
    pluginCall(t, token, 'events', { events: list.map((event) => ({ id: eventId(), at: now(), ...event })) });

  beforeAll(async () => {
    ({ t, crew } = await createWorld());
    ({ id: serverId, token } = await addServer(crew.owner, crew.network.id, 'Watched'));
    await setPlan(t, crew.owner.user.id, 'premium');
    await heartbeat(t, token, [rex, ...reporters, ...crowd, banned]);
    // The crowd trades kills evenly; Rex kills everyone, mostly headshots.
    const kills: Record<string, unknown>[] = [];
    for (let i = 0; i < crowd.length; i++)
      for (let k = 0; k < 3; k++)
        kills.push({
          type: 'kill',
          killerSteamId: crowd[i].steamId,
          victimSteamId: crowd[(i + 1) % crowd.length].steamId,
          headshot: k === 0,
        });
    for (let k = 0; k < 40; k++)
      kills.push({
        type: 'kill',
        killerSteamId: rex.steamId,
        victimSteamId: crowd[k % crowd.length].steamId,
        headshot: k % 5 !== 0,
      });
    expectStatus(await events(kills), 200);
    expectStatus(
      await events([
        { type: 'connect', steamId: rex.steamId, name: 'Rex' },
        { type: 'connect', steamId: rex.steamId, name: 'xeR' },
        { type: 'connect', steamId: rex.steamId, name: 'R.e.x' },
        {
          type: 'violation',
          steamId: rex.steamId,
          kind: 'SpeedHack',
          message: 'Enforcing (violation of 130)',
          level: 130,
        },
        {
          type: 'console',
          message: `Rex[${rex.steamId}] FlyHack: Enforcing (violation of 212.5) at (101.2, 30.0, -44.8)`,
        },
        { type: 'console', message: `[CHAT] Rex[${rex.steamId}] : FlyHack: Enforcing (violation of 999)` },
      ]),
      200,
    );
  });
  afterAll(() => t.close());

  const serverList = async (actor: 'owner' | 'moderator' = 'owner') =>
    expectStatus(await crew[actor].agent.get(`/api/servers/${serverId}/suspicious`), 200).body
      .data as SuspiciousList;
  const rexOf = (list: SuspiciousList) => list.players.find((p) => p.steamId === rex.steamId);

  const ROUTES = [
    [
      'GET /api/servers/{id}/suspicious',
      'players.moderate',
      (a: ReturnType<typeof agentOf>) => a.get(`/api/servers/${serverId}/suspicious`),
    ],
    [
      'GET /api/networks/{id}/suspicious',
      'players.moderate',
      (a: ReturnType<typeof agentOf>) => a.get(`/api/networks/${crew.network.id}/suspicious`),
    ],
    [
      'GET /api/networks/{id}/suspicious/settings',
      'alerts.manage',
      (a: ReturnType<typeof agentOf>) => a.get(`/api/networks/${crew.network.id}/suspicious/settings`),
    ],
    [
      'PUT /api/networks/{id}/suspicious/settings',
      'alerts.manage',
      (a: ReturnType<typeof agentOf>) =>
        a.put(`/api/networks/${crew.network.id}/suspicious/settings`).send(DEFAULT_SUSPICIOUS_SETTINGS),
    ],
    [
      'POST /api/networks/{id}/suspicious/{steamId}/flag',
      'players.moderate',
      (a: ReturnType<typeof agentOf>) =>
        a.post(`/api/networks/${crew.network.id}/suspicious/${crowd[0].steamId}/flag`).send({ note: 'look' }),
    ],
    [
      'POST /api/networks/{id}/suspicious/{steamId}/dismiss',
      'players.moderate',
      (a: ReturnType<typeof agentOf>) =>
        a
          .post(`/api/networks/${crew.network.id}/suspicious/${crowd[0].steamId}/dismiss`)
          .send({ note: 'fine' }),
    ],
  ] as const;

  describe.each(ROUTES)('%s', (_route, permission, call) => {
    const write = !_route.startsWith('GET');
    const expected = statusesFor(permission, { write });
    it.each(ACTORS)('answers %s as the role matrix says (premium)', async (actor) => {
      const res = await call(agentOf(t, crew, actor));
      expect(res.status).toBe(expected[actor]);
      if (res.status === 200) expect(res.body.success).toBe(true);
    });

    it.each(ACTORS)('answers %s as the plan matrix says (free)', async (actor) => {
      await setPlan(t, crew.owner.user.id, 'free');
      try {
        const res = await call(agentOf(t, crew, actor));
        if (expected[actor] === 200) {
          expect(res.status).toBe(403);
          expect(res.body).toMatchObject({
            success: false,
            code: 'plan_required',
            error: planRequiredMessage('suspiciousActivity'),
          });
        } else expect(res.status).toBe(expected[actor]);
      } finally {
        await setPlan(t, crew.owner.user.id, 'premium');
      }
    });
  });

  it('404s an unknown server, network or player', async () => {
    expectStatus(await crew.owner.agent.get('/api/servers/nope/suspicious'), 404);
    expectStatus(await crew.owner.agent.get('/api/networks/nope/suspicious'), 404);
    const res = expectStatus(
      await crew.owner.agent
        .post(`/api/networks/${crew.network.id}/suspicious/${steamIdOf(999)}/flag`)
        .send({}),
      404,
    );
    expect(res.body).toMatchObject({ success: false, error: 'Player not found' });
  });

  it('ranks Rex first and explains every factor with its evidence', async () => {
    // The tallies and violations are kept as the events are stored, a moment after the batch's answer.
    const list = await until(async () => {
      const l = await serverList();
      const stored =
        factorOf(rexOf(l), 'violations')?.value === 2 &&
        factorOf(rexOf(l), 'kd')?.evidence.counts?.kills === 40;
      return stored && l;
    }, "Rex's violations and kills in the list");
    expect(list.players[0].steamId).toBe(rex.steamId);
    const player = rexOf(list)!;
    expect(player.factors.map((f) => f.key)).toEqual([
      'reports',
      'kd',
      'headshots',
      'violations',
      'banEvasion',
      'nameChanges',
      'newPlayerKills',
    ]);
    expect(player.score).toBeCloseTo(
      player.factors.reduce((sum, f) => sum + f.contribution, 0),
      1,
    );
    expect(factorOf(player, 'violations')).toMatchObject({
      value: 2,
      weight: 15,
      contribution: 30,
      evidence: { counts: { violations: 2 }, kinds: expect.arrayContaining(['SpeedHack', 'FlyHack']) },
    });
    const kd = factorOf(player, 'kd')!;
    expect(kd.value).toBeGreaterThanOrEqual(2);
    expect(kd.evidence.counts).toMatchObject({ kills: 40, deaths: 0, kd: 40 });
    expect(kd.evidence.population).toMatchObject({ players: 9 });
    expect(kd.summary).toMatch(/^40 \(z=\d/);
    expect(factorOf(player, 'headshots')!.evidence.counts).toMatchObject({ kills: 40, headshots: 32 });
    expect(factorOf(player, 'nameChanges')).toMatchObject({
      value: 2,
      evidence: { names: expect.arrayContaining(['R.e.x', 'xeR', 'Rex']) },
    });
    expect(list.population.kd.players).toBe(9);
  });

  it('counts F7 reports by distinct reporters, and the list rises', async () => {
    const before = rexOf(await serverList())!;
    expect(factorOf(before, 'reports')).toMatchObject({ value: 0, summary: 'none' });
    expectStatus(
      await events([
        ...reporters.map((r) => ({
          type: 'report',
          reporterSteamId: r.steamId,
          targetSteamId: rex.steamId,
          message: 'aimbot',
          category: 'cheat',
        })),
        {
          type: 'report',
          reporterSteamId: reporters[0].steamId,
          targetSteamId: rex.steamId,
          message: 'again',
        },
      ]),
      200,
    );
    const after = rexOf(await serverList('moderator'))!;
    expect(factorOf(after, 'reports')).toMatchObject({
      value: 3,
      contribution: 30,
      summary: '4 from 3 players',
      evidence: { counts: { reports: 4, reporters: 3 } },
    });
    expect(factorOf(after, 'reports')!.evidence.ids).toHaveLength(4);
    expect(after.score).toBeCloseTo(before.score + 30, 1);
  });

  it('finds an IP shared with a banned account, the IP only for players.viewIp', async () => {
    expectStatus(
      await crew.owner.agent
        .post(`/api/players/${banned.steamId}/ban`)
        .send({ serverId, duration: '7d', reason: 'cheating' }),
      201,
    );
    const forOwner = factorOf(rexOf(await serverList())!, 'banEvasion')!;
    expect(forOwner).toMatchObject({
      value: 1,
      contribution: 25,
      evidence: { ids: [banned.steamId], ips: [rex.ip] },
    });
    const network = expectStatus(
      await crew.moderator.agent.get(`/api/networks/${crew.network.id}/suspicious`),
      200,
    ).body.data as SuspiciousList;
    expect(factorOf(rexOf(network), 'banEvasion')?.value).toBe(1);
  });

  it('keeps a dismissal until new evidence arrives, and audits it', async () => {
    const dismissed = expectStatus(
      await crew.moderator.agent
        .post(`/api/networks/${crew.network.id}/suspicious/${rex.steamId}/dismiss`)
        .send({ note: '  Spectated: a good player  ' }),
      200,
    ).body.data as SuspiciousPlayer;
    expect(dismissed.review).toMatchObject({ state: 'dismissed', note: 'Spectated: a good player' });
    const list = await serverList();
    expect(list.players.at(-1)?.steamId).toBe(rex.steamId);
    expect(rexOf(list)?.review?.state).toBe('dismissed');
    expect(
      await countRows(t, 'audit_entries', {
        network_id: crew.network.id,
        action: 'player.suspicionDismissed',
        target_id: rex.steamId,
      }),
    ).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 5));
    expectStatus(
      await events([
        {
          type: 'report',
          reporterSteamId: crowd[3].steamId,
          targetSteamId: rex.steamId,
          message: 'wallhack',
        },
      ]),
      200,
    );
    const again = await serverList();
    expect(again.players[0].steamId).toBe(rex.steamId);
    expect(rexOf(again)?.review).toBeNull();
  });

  it('keeps a flagged player on the list, and audits the flag', async () => {
    const quiet = crowd[5];
    expectStatus(
      await crew.admin.agent
        .post(`/api/networks/${crew.network.id}/suspicious/${quiet.steamId}/flag`)
        .send({}),
      200,
    );
    const list = await serverList();
    expect(list.players.find((p) => p.steamId === quiet.steamId)?.review).toMatchObject({
      state: 'flagged',
      note: null,
    });
    expect(
      await countRows(t, 'audit_entries', { network_id: crew.network.id, action: 'player.suspicionFlagged' }),
    ).toBeGreaterThan(0);
  });

  describe('PUT /api/networks/{id}/suspicious/settings', () => {
    const path = () => `/api/networks/${crew.network.id}/suspicious/settings`;
    const stored = async () => ({
      settings: expectStatus(await crew.owner.agent.get(path()), 200).body.data as unknown,
      audited: await countRows(t, 'audit_entries', {
        network_id: crew.network.id,
        action: 'suspicious.settingsChanged',
      }),
    });
    let before: Awaited<ReturnType<typeof stored>>;
    beforeAll(async () => {
      before = await stored();
    });
    const withWeight = (value: unknown) => ({
      ...DEFAULT_SUSPICIOUS_SETTINGS,
      weights: { ...DEFAULT_SUSPICIOUS_SETTINGS.weights, reports: value },
    });

    it.each([
      [-1, 'weights.reports', 'weights.reports must be a number from 0 to 100'],
      ['10', 'weights.reports', 'weights.reports must be a number from 0 to 100'],
      [101, 'weights.reports', 'weights.reports must be a number from 0 to 100'],
      [null, 'weights.reports', 'weights.reports must be a number from 0 to 100'],
    ])('refuses the weight %p with 400 naming the field, storing nothing', async (value, field, message) => {
      const res = expectStatus(await crew.owner.agent.put(path()).send(withWeight(value)), 400);
      expect(res.body).toMatchObject({ success: false, error: message, details: [{ field, message }] });
      expect(await stored()).toEqual(before);
    });

    it('refuses a bad threshold or a missing part', async () => {
      const res = expectStatus(
        await crew.owner.agent.put(path()).send({
          ...DEFAULT_SUSPICIOUS_SETTINGS,
          thresholds: { ...DEFAULT_SUSPICIOUS_SETTINGS.thresholds, minKills: 2.5 },
        }),
        400,
      );
      expect(res.body.details).toEqual([
        {
          field: 'thresholds.minKills',
          message: 'thresholds.minKills must be a whole number from 1 to 1000',
        },
      ]);
      expectStatus(
        await crew.owner.agent.put(path()).send({ weights: DEFAULT_SUSPICIOUS_SETTINGS.weights }),
        400,
      );
      expect(await stored()).toEqual(before);
    });

    it('stores the weights, which the score then uses, and audits the change', async () => {
      const settings = withWeight(20);
      expect(expectStatus(await crew.admin.agent.put(path()).send(settings), 200).body.data).toEqual(
        settings,
      );
      expect(expectStatus(await crew.owner.agent.get(path()), 200).body.data).toEqual(settings);
      const reports = factorOf(rexOf(await serverList()), 'reports')!;
      expect(reports.weight).toBe(20);
      expect(reports.contribution).toBe(20 * reports.value);
      expect((await stored()).audited).toBe(before.audited + 1);
    });
  });

  it('refuses a bad note or steamId with 400', async () => {
    const res = expectStatus(
      await crew.owner.agent
        .post(`/api/networks/${crew.network.id}/suspicious/${rex.steamId}/dismiss`)
        .send({ note: 'x'.repeat(501) }),
      400,
    );
    expect(res.body.details).toEqual([
      { field: 'note', message: 'note must be text of at most 500 characters' },
    ]);
    expectStatus(
      await crew.owner.agent.post(`/api/networks/${crew.network.id}/suspicious/abc/flag`).send({}),
      400,
    );
  });
});
