// A network with one person per role, for the role-matrix suites of the networks issue.
import { RequestContext } from '@mikro-orm/core';
import { can, type Network, type Permission } from '@outpost/contracts';
import type { Response } from 'supertest';
import { NetworkMember } from '../../src/modules/members/member.entity';
import { signIn, signInDemo, type SignedIn } from './auth';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export const ACTORS = ['owner', 'admin', 'moderator', 'member', 'outsider', 'anonymous', 'demo'] as const;
export type Actor = (typeof ACTORS)[number];

export type Crew = {
  network: Network;
  owner: SignedIn;
  admin: SignedIn;
  moderator: SignedIn;
  member: SignedIn;
  /** Signed in, but not a member of this network. */
  outsider: SignedIn;
  /** The demo user, made a plain member of this network (it cannot join through the API). */
  demo: SignedIn;
};

type Agent = SignedIn['agent'];

/** Expects an /api answer, printing the body when the status differs. */
export const expectStatus = (res: Response, status: number): Response => {
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
};

export const createNetwork = async (owner: SignedIn, name = 'Rust Legends'): Promise<Network> =>
  (expectStatus(await owner.agent.post('/api/networks').send({ name }), 201).body as { data: Network }).data;

/** Joins `who` to the network through a fresh invite of `by`, as people do. */
export const joinByInvite = async (by: SignedIn, who: SignedIn, networkId: string): Promise<void> => {
  const invite = expectStatus(await by.agent.post('/api/invites').send({ networkId, maxUses: 1 }), 201);
  const code = (invite.body as { data: { code: string } }).data.code;
  expectStatus(await who.agent.post('/api/invites/join').send({ inviteCode: code }), 200);
};

export const memberIdOf = async (owner: SignedIn, networkId: string, userId: string): Promise<string> => {
  const res = expectStatus(await owner.agent.get(`/api/networks/${networkId}/members`), 200);
  const found = (res.body as { data: { id: string; userId: string }[] }).data.find(
    (m) => m.userId === userId,
  );
  if (!found) throw new Error(`${userId} is not a member of ${networkId}`);
  return found.id;
};

/** Gives a member of the network this role, through the owner's role change, as people do. */
export const setRole = async (
  owner: SignedIn,
  networkId: string,
  who: SignedIn,
  role: 'admin' | 'moderator' | 'member',
): Promise<void> => {
  const memberId = await memberIdOf(owner, networkId, who.user.id);
  expectStatus(await owner.agent.patch(`/api/networks/${networkId}/members/${memberId}`).send({ role }), 200);
};

export const createCrew = async (t: TestApp, name = 'Rust Legends'): Promise<Crew> => {
  const [owner, admin, moderator, member, outsider, demo] = await Promise.all([
    signIn(t, { name: 'Olivia Owner' }),
    signIn(t, { name: 'Adam Admin' }),
    signIn(t, { name: 'Moe Moderator' }),
    signIn(t, { name: 'Mia Member' }),
    signIn(t, { name: 'Otto Outsider' }),
    signInDemo(t),
  ]);
  const network = await createNetwork(owner, name);
  await joinByInvite(owner, admin, network.id);
  await joinByInvite(owner, moderator, network.id);
  await joinByInvite(owner, member, network.id);
  await setRole(owner, network.id, admin, 'admin');
  await setRole(owner, network.id, moderator, 'moderator');
  await RequestContext.create(t.orm.em, async () => {
    const em = t.orm.em.fork();
    em.create(NetworkMember, { networkId: network.id, userId: demo.user.id, role: 'member' });
    await em.flush();
  });
  return { network, owner, admin, moderator, member, outsider, demo };
};

/** The agent an actor calls with; anonymous sends the API key but no token. */
export const agentOf = (t: TestApp, crew: Crew, actor: Actor): Agent =>
  actor === 'anonymous' ? t.newAgent() : crew[actor].agent;

/** Counts rows of a table, straight from the database (to prove that nothing changed). */
export const countRows = async (
  t: TestApp,
  table: string,
  where: Record<string, unknown> = {},
): Promise<number> => {
  const knex = (t.orm.em as unknown as { getKnex(): import('@mikro-orm/knex').Knex }).getKnex();
  const [row] = (await knex(table).where(where).count({ count: '*' })) as { count: string | number }[];
  return Number(row.count);
};

/**
 * The status each actor gets from a route that requires `permission`, read from the one matrix
 * in @outpost/contracts: `ok` for a role that has it, 403 for one that has not, 404 for someone
 * outside the network, 401 without a token. The demo user is a plain member of the crew's
 * network and may only read (any write is 403 DEMO_READ_ONLY).
 */
export const statusesFor = (
  permission: Permission,
  { ok = 200, write = false }: { ok?: number; write?: boolean } = {},
): Record<Actor, number> => ({
  owner: can('owner', permission) ? ok : 403,
  admin: can('admin', permission) ? ok : 403,
  moderator: can('moderator', permission) ? ok : 403,
  member: can('member', permission) ? ok : 403,
  demo: !write && can('member', permission) ? ok : 403,
  outsider: 404,
  anonymous: 401,
});

/** The statuses each actor gets from a route, per kind of route (DESIGN section 4). */
export const MATRIX = {
  /** See the network, its servers, analytics and players. */
  read: statusesFor('network.view'),
  /** Owner and admin: servers, invites, members tab. */
  staff: statusesFor('servers.manage'),
  /** Owner, admin and moderator: players' IPs, moderation, reports, console output, audit log. */
  moderators: statusesFor('players.moderate'),
  /** Owner only: settings, roles, deleting the network. */
  owner: statusesFor('network.settings'),
} as const satisfies Record<string, Record<Actor, number>>;

export type World = { t: TestApp; crew: Crew; other: Crew };

/** An app with two networks: `crew` under test, `other` for IDOR checks. */
export const createWorld = async (options: TestAppOptions = {}): Promise<World> => {
  const t = await createTestApp(options);
  return { t, crew: await createCrew(t), other: await createCrew(t, 'Other Network') };
};
