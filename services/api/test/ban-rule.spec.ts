// The one ban rule (punishments/ban-rule.ts) in its two forms: the SQL the heartbeat, the sweep,
// ban-check and the lists run, and the in-memory mirror the DTOs use, must agree on every case.
import { RequestContext } from '@mikro-orm/core';
import { banHolds, holdingBans } from '../src/modules/punishments/ban-rule';
import { PunishmentRecord } from '../src/modules/punishments/punishment.entity';
import type { TestApp } from './support';
import { createWorld, type Crew } from './support/crew';
import { addServer, heartbeat, steamIdOf } from './support/plugin';

describe('the ban rule: SQL and memory agree', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());

  it('for every kind, lift, expiry and scope, on the ban server, another server, and anywhere', async () => {
    const here = await addServer(crew.owner, crew.network.id, 'Rule here');
    const there = await addServer(crew.owner, crew.network.id, 'Rule there');
    const now = new Date();
    const hour = 3_600_000;
    const cases: Pick<PunishmentRecord, 'type' | 'liftedAt' | 'expiresAt' | 'scope'>[] = [];
    for (const type of ['ban', 'kick', 'unban'] as const)
      for (const liftedAt of [null, new Date(now.getTime() - hour)])
        for (const expiresAt of [null, new Date(now.getTime() - 1), new Date(now.getTime() + hour)])
          for (const scope of ['server', 'network'] as const)
            cases.push({ type, liftedAt, expiresAt, scope });
    const players = cases.map((_, i) => ({ steamId: steamIdOf(6000 + i), name: `Rule ${i}` }));
    await heartbeat(t, here.token, players);
    const rows = await RequestContext.create(t.orm.em, async () => {
      const em = t.orm.em.fork();
      const known = (await em
        .getConnection()
        .execute('select id, steam_id from players where network_id = ?', [crew.network.id])) as {
        id: string;
        steam_id: string;
      }[];
      const idOf = new Map<string, string>(known.map((row) => [row.steam_id, row.id]));
      const created = cases.map((c, i) =>
        em.create(PunishmentRecord, {
          networkId: crew.network.id,
          playerId: idOf.get(players[i].steamId) ?? '',
          steamId: players[i].steamId,
          reason: 'rule',
          issuedAt: new Date(now.getTime() - 2 * hour),
          serverId: here.id,
          ...c,
        }),
      );
      await em.flush();
      return created;
    });
    const steamIds = players.map((p) => p.steamId);
    for (const serverId of [here.id, there.id, null]) {
      const held = await holdingBans(t.orm.em.fork(), {
        networkId: crew.network.id,
        serverId,
        steamIds,
        at: now,
      });
      const expected = rows.filter((row) => banHolds(row, serverId, now)).map((row) => row.steamId);
      expect([...held.keys()].sort()).toEqual(expected.sort());
      // A sanity check that the rule can say yes and no here.
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(rows.length);
    }
  });
});
