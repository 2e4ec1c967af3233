import { RequestContext } from '@mikro-orm/core';
import { DEFAULT_INVITE, type Invite } from '@outpost/contracts';
import { INVITE_CODE_PATTERN, MESSAGES } from '@outpost/validation';
import { Invite as InviteRecord } from '../src/modules/invites/invite.entity';
import { signIn, type TestApp } from './support';
import {
  ACTORS,
  MATRIX,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  type Actor,
  type Crew,
} from './support/crew';

const EXPIRED = 'This invite code has expired. Ask for a new one.';
const USED_UP = 'This invite code has already been used the maximum number of times. Ask for a new one.';
const ALREADY = 'You are already a member of this network';

describe('invites API', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
  });
  afterAll(() => t.close());

  const createInvite = async (body: Record<string, unknown> = {}, by = crew.owner): Promise<Invite> =>
    (
      await by.agent
        .post('/api/invites')
        .send({ networkId: crew.network.id, ...body })
        .expect(201)
    ).body.data;

  /** Moves an invite's expiry, as time passing would. */
  const setExpiry = (id: string, expiresAt: Date) =>
    RequestContext.create(t.orm.em, () => t.orm.em.fork().nativeUpdate(InviteRecord, { id }, { expiresAt }));

  describe('POST /api/invites', () => {
    const expected: Record<Actor, number> = { ...MATRIX.staff, owner: 201, admin: 201 };
    it.each(ACTORS)('%s', async (actor) => {
      const before = await countRows(t, 'invites', { network_id: crew.network.id });
      expectStatus(
        await agentOf(t, crew, actor).post('/api/invites').send({ networkId: crew.network.id }),
        expected[actor],
      );
      expect(await countRows(t, 'invites', { network_id: crew.network.id })).toBe(
        before + (expected[actor] === 201 ? 1 : 0),
      );
    });

    it('defaults to 50 uses and 168 hours, with a code of three groups of five', async () => {
      const started = Date.now();
      const invite = await createInvite();
      expect(invite).toMatchObject({
        role: 'member',
        maxUses: DEFAULT_INVITE.maxUses,
        currentUses: 0,
        isActive: true,
        metadata: {},
      });
      expect(invite.code).toMatch(INVITE_CODE_PATTERN);
      const hours = (Date.parse(invite.expiresAt) - started) / 3_600_000;
      expect(hours).toBeGreaterThan(167.9);
      expect(hours).toBeLessThan(168.1);
    });

    it("takes the dashboard's 1 use, 24 hours and createdFrom", async () => {
      const invite = await createInvite({
        maxUses: 1,
        expiresInHours: 24,
        metadata: { createdFrom: 'network-dashboard' },
      });
      expect(invite).toMatchObject({ maxUses: 1, metadata: { createdFrom: 'network-dashboard' } });
    });

    it('makes a different code each time', async () => {
      const codes = new Set(await Promise.all([1, 2, 3, 4, 5].map(async () => (await createInvite()).code)));
      expect(codes.size).toBe(5);
    });

    it.each([
      [{ networkId: '' }, MESSAGES.networkIdRequired],
      [{ maxUses: 0 }, MESSAGES.maxUses],
      [{ maxUses: 1.5 }, MESSAGES.maxUses],
      [{ expiresInHours: 9000 }, MESSAGES.expiresInHours],
      [{ currentUses: 10 }, MESSAGES.unknownField('currentUses')],
    ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
      const before = await countRows(t, 'invites');
      const res = await crew.owner.agent
        .post('/api/invites')
        .send({ networkId: crew.network.id, ...body })
        .expect(400);
      expect(res.body).toMatchObject({ success: false, error: message });
      expect(await countRows(t, 'invites')).toBe(before);
    });

    it('IDOR: a networkId of another network answers 404', async () => {
      const before = await countRows(t, 'invites');
      await crew.owner.agent.post('/api/invites').send({ networkId: other.network.id }).expect(404);
      expect(await countRows(t, 'invites')).toBe(before);
    });
  });

  describe('GET /api/invites/network/:networkId', () => {
    const expected: Record<Actor, number> = MATRIX.staff;
    it.each(ACTORS)('%s', async (actor) => {
      expectStatus(
        await agentOf(t, crew, actor).get(`/api/invites/network/${crew.network.id}`),
        expected[actor],
      );
    });

    it('lists newest first, with isActive false for revoked, expired and used-up invites', async () => {
      const expired = await createInvite();
      await setExpiry(expired.id, new Date(Date.now() - 1000));
      const fresh = await createInvite({ metadata: { createdFrom: 'network-dashboard' } });
      const list = (await crew.admin.agent.get(`/api/invites/network/${crew.network.id}`).expect(200)).body
        .data as Invite[];
      expect(list[0]).toMatchObject({ id: fresh.id, isActive: true });
      expect(list.find((invite) => invite.id === expired.id)?.isActive).toBe(false);
    });
  });

  describe('GET /api/invites/validate/:code', () => {
    it('shows where a code leads, to anyone signed in', async () => {
      const invite = await createInvite({ maxUses: 3 });
      const res = await crew.outsider.agent
        .get(`/api/invites/validate/${invite.code.toLowerCase()}`)
        .expect(200);
      expect(res.body.data).toEqual({
        code: invite.code,
        networkId: crew.network.id,
        networkName: 'Rust Legends',
        expiresAt: invite.expiresAt,
        usesLeft: 3,
        role: 'member',
        alreadyMember: false,
      });
      expect(
        (await crew.member.agent.get(`/api/invites/validate/${invite.code}`).expect(200)).body.data
          .alreadyMember,
      ).toBe(true);
      await t.newAgent().get(`/api/invites/validate/${invite.code}`).expect(401);
    });

    it('answers 400 for a malformed code, 404 for an unknown one, 410 for an expired one', async () => {
      expect((await crew.outsider.agent.get('/api/invites/validate/nope').expect(400)).body.error).toBe(
        MESSAGES.inviteCodeInvalid,
      );
      expect(
        (await crew.outsider.agent.get('/api/invites/validate/AAAAA-BBBBB-CCCCC').expect(404)).body.error,
      ).toBe(MESSAGES.inviteCodeInvalid);
      const invite = await createInvite();
      await setExpiry(invite.id, new Date(Date.now() - 1000));
      const res = await crew.outsider.agent.get(`/api/invites/validate/${invite.code}`).expect(410);
      expect(res.body).toEqual({ success: false, error: EXPIRED, code: 'GONE' });
    });
  });

  describe('POST /api/invites/join', () => {
    it('joins as a member and answers the network; the invite counts the use', async () => {
      const invite = await createInvite({ maxUses: 2 });
      const joiner = await signIn(t);
      const res = await joiner.agent
        .post('/api/invites/join')
        // Pasted from a chat or a document: spaces, a zero-width space, typographic dashes.
        .send({ inviteCode: `\u200b ${invite.code.replaceAll('-', '\u2013')}\u00a0` })
        .expect(200);
      expect(res.body.data).toMatchObject({ id: crew.network.id, role: 'member', memberCount: 6 });
      await joiner.agent.get(`/api/networks/${crew.network.id}`).expect(200);
      const list = (await crew.owner.agent.get(`/api/invites/network/${crew.network.id}`).expect(200)).body
        .data as Invite[];
      expect(list.find((i) => i.id === invite.id)?.currentUses).toBe(1);
    });

    it('409 for a member already in the network, without using the invite', async () => {
      const invite = await createInvite({ maxUses: 1 });
      const res = await crew.member.agent
        .post('/api/invites/join')
        .send({ inviteCode: invite.code })
        .expect(409);
      expect(res.body).toEqual({ success: false, error: ALREADY, code: 'CONFLICT' });
      await (await signIn(t)).agent.post('/api/invites/join').send({ inviteCode: invite.code }).expect(200);
    });

    it('410 for expired and used-up invites, 404 for revoked and unknown ones, 400 for bad input', async () => {
      const joiner = await signIn(t);
      const join = (inviteCode: unknown) => joiner.agent.post('/api/invites/join').send({ inviteCode });
      const expired = await createInvite();
      await setExpiry(expired.id, new Date(Date.now() - 1000));
      expect((await join(expired.code).expect(410)).body.error).toBe(EXPIRED);
      const single = await createInvite({ maxUses: 1 });
      await (await signIn(t)).agent.post('/api/invites/join').send({ inviteCode: single.code }).expect(200);
      expect((await join(single.code).expect(410)).body.error).toBe(USED_UP);
      const revoked = await createInvite();
      await crew.owner.agent.delete(`/api/invites/${revoked.id}`).expect(200);
      expect((await join(revoked.code).expect(404)).body.error).toBe(MESSAGES.inviteCodeInvalid);
      expect((await join('ZZZZZ-ZZZZZ-ZZZZZ').expect(404)).body.error).toBe(MESSAGES.inviteCodeInvalid);
      expect((await join('   ').expect(400)).body.error).toBe(MESSAGES.inviteCodeRequired);
      expect((await join('ABC').expect(400)).body.error).toBe(MESSAGES.inviteCodeInvalid);
      await joiner.agent.get(`/api/networks/${crew.network.id}`).expect(404);
    });

    it('401 without a token, 403 for the demo user', async () => {
      const invite = await createInvite();
      await t.newAgent().post('/api/invites/join').send({ inviteCode: invite.code }).expect(401);
      await crew.demo.agent.post('/api/invites/join').send({ inviteCode: invite.code }).expect(403);
    });

    it('is race-safe: 50 concurrent joins of a 1-use invite make exactly one membership', async () => {
      const invite = await createInvite({ maxUses: 1 });
      const joiners = await Promise.all(Array.from({ length: 50 }, () => signIn(t)));
      const before = await countRows(t, 'network_members', { network_id: crew.network.id });
      const results = await Promise.all(
        joiners.map((joiner) => joiner.agent.post('/api/invites/join').send({ inviteCode: invite.code })),
      );
      const statuses = results.map((res) => res.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 200).every((status) => status === 410)).toBe(true);
      expect(await countRows(t, 'network_members', { network_id: crew.network.id })).toBe(before + 1);
      expect(await countRows(t, 'invites', { id: invite.id, current_uses: 1 })).toBe(1);
    });

    it('is race-safe for one person too: 20 concurrent joins by the same user make one membership', async () => {
      const invite = await createInvite({ maxUses: 50 });
      const joiner = await signIn(t);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          joiner.agent.post('/api/invites/join').send({ inviteCode: invite.code }),
        ),
      );
      expect(results.filter((res) => res.status === 200)).toHaveLength(1);
      expect(results.filter((res) => res.status !== 200).every((res) => res.status === 409)).toBe(true);
      expect(
        await countRows(t, 'network_members', { network_id: crew.network.id, user_id: joiner.user.id }),
      ).toBe(1);
      expect(await countRows(t, 'invites', { id: invite.id, current_uses: 1 })).toBe(1);
    });
  });

  describe('DELETE /api/invites/:id', () => {
    const expected: Record<Actor, number> = MATRIX.staff;
    it.each(ACTORS)('%s', async (actor) => {
      const invite = await createInvite();
      const res = expectStatus(
        await agentOf(t, crew, actor).delete(`/api/invites/${invite.id}`),
        expected[actor],
      );
      if (expected[actor] === 200) expect(res.body.data).toMatchObject({ id: invite.id, isActive: false });
      expect(await countRows(t, 'invites', { id: invite.id, is_active: expected[actor] !== 200 })).toBe(1);
      if (actor === 'outsider') expect(res.body.error).toBe('Invite not found');
    });

    it('IDOR: an invite of another network answers 404 and stays active', async () => {
      const foreign = (
        await other.owner.agent.post('/api/invites').send({ networkId: other.network.id }).expect(201)
      ).body.data as Invite;
      await crew.owner.agent.delete(`/api/invites/${foreign.id}`).expect(404);
      expect(await countRows(t, 'invites', { id: foreign.id, is_active: true })).toBe(1);
    });
  });
});
