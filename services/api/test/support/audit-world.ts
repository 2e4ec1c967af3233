// The audit suites' world: a crew (crew.ts) plus a moderator, made as people make one: joined by
// invite, then the owner gives them the moderator role.
import type { TestApp } from './test-app';
import { signIn, type SignedIn } from './auth';
import { createCrew, expectStatus, joinByInvite, memberIdOf, type Crew } from './crew';

export const makeModerator = async (t: TestApp, crew: Crew): Promise<SignedIn> => {
  const moderator = await signIn(t, { name: 'Max Moderator' });
  await joinByInvite(crew.owner, moderator, crew.network.id);
  const memberId = await memberIdOf(crew.owner, crew.network.id, moderator.user.id);
  expectStatus(
    await crew.owner.agent
      .patch(`/api/networks/${crew.network.id}/members/${memberId}`)
      .send({ role: 'moderator' }),
    200,
  );
  return moderator;
};

export type AuditCrew = Crew & { moderator: SignedIn };

/** The shared crew, with its moderator when crew.ts makes one, else one made here. */
export const createAuditCrew = async (t: TestApp, name?: string): Promise<AuditCrew> => {
  const crew: Crew & { moderator?: SignedIn } = await createCrew(t, name);
  return { ...crew, moderator: crew.moderator ?? (await makeModerator(t, crew)) };
};

export const AUDIT_ACTORS = [
  'owner',
  'admin',
  'moderator',
  'member',
  'outsider',
  'anonymous',
  'demo',
] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];

/** Who reads the audit log (audit.view): owner, admin, moderator. */
export const AUDIT_MATRIX: Record<AuditActor, number> = {
  owner: 200,
  admin: 200,
  moderator: 200,
  member: 403,
  demo: 403,
  outsider: 404,
  anonymous: 401,
};

export const auditAgentOf = (t: TestApp, crew: AuditCrew, actor: AuditActor) =>
  actor === 'anonymous' ? t.newAgent() : crew[actor].agent;
