import type { AuditEntry, AuditListResponse, PunishmentsResponse } from '@outpost/contracts';
import { signIn, type SignedIn, type TestApp } from './index';
import { createWorld, expectStatus, joinByInvite, memberIdOf, type Crew } from './crew';
import { addServer, heartbeat, steamIdOf } from './plugin';

export const ROLES = ['owner', 'admin', 'moderator', 'member', 'demo', 'outsider', 'anonymous'] as const;
export type Role = (typeof ROLES)[number];
export const READ: Record<Role, number> = {
  owner: 200,
  admin: 200,
  moderator: 200,
  member: 200,
  demo: 200,
  outsider: 404,
  anonymous: 401,
};
/** players.moderate: owner, admin, moderator (DESIGN section 4). */
export const MODERATE = (ok: number): Record<Role, number> => ({
  owner: ok,
  admin: ok,
  moderator: ok,
  member: 403,
  demo: 403,
  outsider: 404,
  anonymous: 401,
});

/** The players the two servers report: Ada and Bob on Main, Cy on Second. */
export const ada = { steamId: steamIdOf(701), name: 'Ada' };
export const bob = { steamId: steamIdOf(702), name: 'Bob' };
export const cy = { steamId: steamIdOf(703), name: 'Cy_50%' };

export type PunishmentsWorld = {
  t: TestApp;
  crew: Crew;
  other: Crew;
  moderator: SignedIn;
  main: { id: string; token: string };
  second: { id: string; token: string };
  agent(role: Role): ReturnType<TestApp['newAgent']>;
  /** A ban issued by `who` (the owner by default); answers its id. */
  ban(steamId: string, body: Record<string, unknown>, who?: SignedIn): Promise<string>;
  page(path: string, query?: Record<string, string | number>, who?: Role): Promise<PunishmentsResponse>;
  /** The network's audit actions, newest first. */
  auditActions(): Promise<string[]>;
};

/**
 * A network with a moderator (made as people make one: an invite, then the owner's role change)
 * and two reporting servers, another network, and the calls the punishments suites make. Set up
 * before the suite's tests, closed after them; read its fields inside tests.
 */
export const usePunishmentsWorld = (): PunishmentsWorld => {
  const world = {} as PunishmentsWorld;
  beforeAll(async () => {
    const { t, crew, other } = await createWorld();
    const moderator = await signIn(t, { name: 'Mo Moderator' });
    await joinByInvite(crew.owner, moderator, crew.network.id);
    const memberId = await memberIdOf(crew.owner, crew.network.id, moderator.user.id);
    expectStatus(
      await crew.owner.agent
        .patch(`/api/networks/${crew.network.id}/members/${memberId}`)
        .send({ role: 'moderator' }),
      200,
    );
    const main = await addServer(crew.owner, crew.network.id, 'Main');
    const second = await addServer(crew.owner, crew.network.id, 'Second');
    await heartbeat(t, main.token, [ada, bob]);
    await heartbeat(t, second.token, [cy]);
    const agent = (role: Role) =>
      role === 'anonymous' ? t.newAgent() : role === 'moderator' ? moderator.agent : crew[role].agent;
    Object.assign(world, {
      t,
      crew,
      other,
      moderator,
      main,
      second,
      agent,
      ban: async (steamId: string, body: Record<string, unknown>, who = crew.owner) =>
        expectStatus(await who.agent.post(`/api/players/${steamId}/ban`).send(body), 201).body.data.punishment
          .id as string,
      page: async (path: string, query: Record<string, string | number> = {}, who: Role = 'owner') =>
        expectStatus(await agent(who).get(path).query(query), 200).body.data as PunishmentsResponse,
      auditActions: async () =>
        (
          expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit`), 200).body
            .data as AuditListResponse
        ).entries.map((entry: AuditEntry) => entry.action),
    });
  });
  afterAll(() => world.t?.close());
  return world;
};
