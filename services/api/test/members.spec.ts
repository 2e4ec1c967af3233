import { RequestContext } from '@mikro-orm/core';
import type { Member } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { User } from '../src/modules/users/user.entity';
import { signIn, type TestApp } from './support';
import {
  ACTORS,
  MATRIX,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  joinByInvite,
  memberIdOf,
  type Actor,
  type Crew,
} from './support/crew';

const OWNER_MESSAGE = 'The network owner cannot be removed or have their role changed';

describe('members API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  const members = (networkId = crew.network.id) => `/api/networks/${networkId}/members`;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
  });
  afterAll(() => t.close());

  const roleOf = async (userId: string) => {
    const res = await crew.owner.agent.get(members()).expect(200);
    return (res.body.data as Member[]).find((m) => m.userId === userId)?.role ?? null;
  };

  describe('GET /api/networks/:id/members', () => {
    const expected: Record<Actor, number> = MATRIX.staff;
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(await agentOf(t, crew, actor).get(members()), expected[actor]);
    });

    it('answers {success, data, error} with the owner first and the people behind each member', async () => {
      const res = await crew.admin.agent.get(members()).expect(200);
      expect(res.body).toEqual({ success: true, data: expect.any(Array), error: null });
      const list = res.body.data as Member[];
      expect(list.map((m) => m.role)).toEqual(['owner', 'admin', 'moderator', 'member', 'member']);
      expect(list[0]).toEqual({
        id: expect.any(String),
        userId: crew.owner.user.id,
        userEmail: crew.owner.user.email,
        userName: 'Olivia Owner',
        role: 'owner',
        joinedAt: expect.any(String),
        lastActiveAt: null,
        invitedBy: null,
      });
      // Those who joined with an invite name its maker; activity is when the user was last seen.
      const member = list.find((m) => m.userId === crew.member.user.id)!;
      expect(member.invitedBy).toEqual({ userId: crew.owner.user.id, name: 'Olivia Owner' });
      expect(list.find((m) => m.userId === crew.demo.user.id)?.invitedBy).toBeNull();
      const seen = new Date('2026-11-27T18:40:00.000Z');
      await RequestContext.create(t.orm.em, () =>
        t.orm.em.fork().nativeUpdate(User, { id: crew.member.user.id }, { lastSeenAt: seen }),
      );
      const after = expectStatus(await crew.admin.agent.get(members()), 200).body.data as Member[];
      expect(after.find((m) => m.userId === crew.member.user.id)?.lastActiveAt).toBe(seen.toISOString());
    });
  });

  describe('PATCH /api/networks/:id/members/:memberId', () => {
    it.each(ACTORS)('%s', async (actor) => {
      const expected: Record<Actor, number> = MATRIX.owner;
      const target = await memberIdOf(crew.owner, crew.network.id, crew.member.user.id);
      const res = await agentOf(t, crew, actor).patch(`${members()}/${target}`).send({ role: 'admin' });
      expectStatus(res, expected[actor]);
      expect(await roleOf(crew.member.user.id)).toBe(actor === 'owner' ? 'admin' : 'member');
      await crew.owner.agent.patch(`${members()}/${target}`).send({ role: 'member' }).expect(200);
    });

    it('the owner can never be demoted, not even by the owner', async () => {
      const ownerMember = await memberIdOf(crew.owner, crew.network.id, crew.owner.user.id);
      const res = await crew.owner.agent
        .patch(`${members()}/${ownerMember}`)
        .send({ role: 'member' })
        .expect(403);
      expect(res.body).toEqual({ success: false, error: OWNER_MESSAGE, code: 'FORBIDDEN' });
      expect(await roleOf(crew.owner.user.id)).toBe('owner');
    });

    it.each([
      [{ role: 'owner' }, MESSAGES.role],
      [{ role: 'superuser' }, MESSAGES.role],
      [{}, MESSAGES.role],
      [{ role: 'admin', userId: 'x' }, MESSAGES.unknownField('userId')],
    ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
      const target = await memberIdOf(crew.owner, crew.network.id, crew.member.user.id);
      const res = await crew.owner.agent.patch(`${members()}/${target}`).send(body).expect(400);
      expect(res.body).toMatchObject({ success: false, error: message, code: 'VALIDATION_FAILED' });
      expect(await roleOf(crew.member.user.id)).toBe('member');
    });

    it('IDOR: a member id of another network answers 404 and changes nothing there', async () => {
      const foreign = await memberIdOf(other.owner, other.network.id, other.member.user.id);
      const res = await crew.owner.agent.patch(`${members()}/${foreign}`).send({ role: 'admin' }).expect(404);
      expect(res.body.error).toBe('Member not found');
      const list = (await other.owner.agent.get(members(other.network.id)).expect(200)).body.data as Member[];
      expect(list.find((m) => m.id === foreign)?.role).toBe('member');
    });
  });

  describe('DELETE /api/networks/:id/members/:memberId', () => {
    it.each(ACTORS)('%s removing another member', async (actor) => {
      const expected: Record<Actor, number> = MATRIX.staff;
      const victim = await signIn(t);
      await joinByInvite(crew.owner, victim, crew.network.id);
      const target = await memberIdOf(crew.owner, crew.network.id, victim.user.id);
      expectStatus(await agentOf(t, crew, actor).delete(`${members()}/${target}`), expected[actor]);
      expect(await roleOf(victim.user.id)).toBe(expected[actor] === 200 ? null : 'member');
      if (expected[actor] === 200) await victim.agent.get(`/api/networks/${crew.network.id}`).expect(404);
    });

    it('the owner cannot be removed, by an admin or by the owner', async () => {
      const ownerMember = await memberIdOf(crew.owner, crew.network.id, crew.owner.user.id);
      for (const agent of [crew.admin.agent, crew.owner.agent]) {
        const res = await agent.delete(`${members()}/${ownerMember}`).expect(403);
        expect(res.body.error).toBe(OWNER_MESSAGE);
      }
      expect(await roleOf(crew.owner.user.id)).toBe('owner');
    });

    it('a member may leave on their own', async () => {
      const leaver = await signIn(t);
      await joinByInvite(crew.owner, leaver, crew.network.id);
      const own = await memberIdOf(crew.owner, crew.network.id, leaver.user.id);
      await leaver.agent.delete(`${members()}/${own}`).expect(200);
      expect(await roleOf(leaver.user.id)).toBeNull();
    });

    it('IDOR: a member id of another network answers 404 and removes nobody', async () => {
      const foreign = await memberIdOf(other.owner, other.network.id, other.member.user.id);
      const before = await countRows(t, 'network_members');
      const res = await crew.owner.agent.delete(`${members()}/${foreign}`).expect(404);
      expect(res.body.error).toBe('Member not found');
      expect(await countRows(t, 'network_members')).toBe(before);
    });
  });
});
