import type { Invite, Network } from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { signIn, type TestApp } from './support';
import { ACTORS, agentOf, countRows, createWorld, expectStatus, type Actor, type Crew } from './support/crew';

// An invite chooses the role whoever joins gets (member or moderator), its uses (1-100) and its
// expiry; a code is taken as people type it (any case, spaces or dashes, surrounding spaces).
describe('invite options and typed codes', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, by: Actor = 'owner') =>
    agentOf(t, crew, by)
      .post('/api/invites')
      .send({ networkId: crew.network.id, ...body });

  /** A new person joins with the code typed as given; answers the network joined. */
  const joinAs = async (inviteCode: string): Promise<{ network: Network; userId: string }> => {
    const joiner = await signIn(t);
    const res = expectStatus(await joiner.agent.post('/api/invites/join').send({ inviteCode }), 200);
    return { network: res.body.data as Network, userId: joiner.user.id };
  };

  const roleOf = async (userId: string) => {
    const res = expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/members`), 200);
    return (res.body.data as { userId: string; role: string }[]).find((m) => m.userId === userId)?.role;
  };

  describe('POST /api/invites with role, maxUses and expiresInHours', () => {
    const expected: Record<Actor, number> = {
      owner: 201,
      admin: 201,
      moderator: 403,
      member: 403,
      outsider: 404,
      anonymous: 401,
      demo: 403,
    };
    it.each(ACTORS)('%s making a 5-use moderator invite for 48 hours', async (actor) => {
      const before = await countRows(t, 'invites', { network_id: crew.network.id });
      const started = Date.now();
      const res = expectStatus(
        await create({ role: 'moderator', maxUses: 5, expiresInHours: 48 }, actor),
        expected[actor],
      );
      expect(await countRows(t, 'invites', { network_id: crew.network.id })).toBe(
        before + (expected[actor] === 201 ? 1 : 0),
      );
      if (expected[actor] !== 201) return;
      const invite = res.body.data as Invite;
      expect(invite).toMatchObject({ role: 'moderator', maxUses: 5, currentUses: 0, isActive: true });
      const hours = (Date.parse(invite.expiresAt) - started) / 3_600_000;
      expect(hours).toBeGreaterThan(47.9);
      expect(hours).toBeLessThan(48.1);
      // The list reads it back with its role.
      const list = expectStatus(await crew.owner.agent.get(`/api/invites/network/${crew.network.id}`), 200)
        .body.data as Invite[];
      expect(list.find((i) => i.id === invite.id)).toMatchObject({ role: 'moderator', maxUses: 5 });
    });

    it('takes 1 and 100 uses', async () => {
      expect((expectStatus(await create({ maxUses: 1 }), 201).body.data as Invite).maxUses).toBe(1);
      expect((expectStatus(await create({ maxUses: 100 }), 201).body.data as Invite).maxUses).toBe(100);
    });

    it.each([
      [{ maxUses: 0 }, 'maxUses', MESSAGES.maxUses],
      [{ maxUses: 101 }, 'maxUses', MESSAGES.maxUses],
      [{ maxUses: '5' }, 'maxUses', MESSAGES.maxUses],
      [{ role: 'admin' }, 'role', MESSAGES.inviteRole],
      [{ role: 'owner' }, 'role', MESSAGES.inviteRole],
      [{ role: '' }, 'role', MESSAGES.inviteRole],
      [{ expiresInHours: 0 }, 'expiresInHours', MESSAGES.expiresInHours],
      [{ expiresInHours: 8761 }, 'expiresInHours', MESSAGES.expiresInHours],
    ])('refuses %j with 400 on %s and makes no invite', async (body, field, message) => {
      const before = await countRows(t, 'invites');
      const res = expectStatus(await create(body), 400);
      expect(res.body).toMatchObject({ success: false, error: message, details: [{ field, message }] });
      expect(await countRows(t, 'invites')).toBe(before);
    });

    it('says what the messages say', () => {
      expect(MESSAGES.maxUses).toBe('Uses must be a whole number from 1 to 100');
      expect(MESSAGES.inviteRole).toBe("An invite's role must be member or moderator");
    });
  });

  describe('POST /api/invites/join in the role of the invite', () => {
    it('a moderator invite makes a moderator, who reads the console; a member invite a member', async () => {
      const moderatorInvite = expectStatus(await create({ role: 'moderator' }), 201).body.data as Invite;
      const joined = await joinAs(moderatorInvite.code);
      expect(joined.network).toMatchObject({ id: crew.network.id, role: 'moderator' });
      expect(await roleOf(joined.userId)).toBe('moderator');

      const memberInvite = expectStatus(await create({ role: 'member' }), 201).body.data as Invite;
      const member = await joinAs(memberInvite.code);
      expect(member.network.role).toBe('member');
      expect(await roleOf(member.userId)).toBe('member');
    });

    it('says the role before joining (GET /api/invites/validate/:code)', async () => {
      const invite = expectStatus(await create({ role: 'moderator', maxUses: 3 }), 201).body.data as Invite;
      const preview = expectStatus(
        await crew.outsider.agent.get(
          `/api/invites/validate/${encodeURIComponent(invite.code.toLowerCase())}`,
        ),
        200,
      ).body.data;
      expect(preview).toMatchObject({ code: invite.code, role: 'moderator', usesLeft: 3 });
    });

    it.each([
      ['in lower case', (code: string) => code.toLowerCase()],
      ['with spaces for dashes', (code: string) => code.replaceAll('-', ' ').toLowerCase()],
      ['without dashes', (code: string) => code.replaceAll('-', '')],
      ['with spaces around and dashes doubled', (code: string) => `  ${code.replaceAll('-', ' -- ')}  `],
      ['in groups of another size', (code: string) => code.replaceAll('-', '').replace(/(...)/g, '$1 ')],
    ])('takes a code typed %s', async (_how, typed) => {
      const invite = expectStatus(await create({ maxUses: 1 }), 201).body.data as Invite;
      const { network } = await joinAs(typed(invite.code));
      expect(network.id).toBe(crew.network.id);
      expect(await countRows(t, 'invites', { id: invite.id, current_uses: 1 })).toBe(1);
    });

    it('refuses a code with a character of no code (400) and one of another length', async () => {
      const invite = expectStatus(await create({}), 201).body.data as Invite;
      const joiner = await signIn(t);
      const join = (inviteCode: string) => joiner.agent.post('/api/invites/join').send({ inviteCode });
      expect(expectStatus(await join(`${invite.code}!`), 400).body.error).toBe(MESSAGES.inviteCodeInvalid);
      expect(expectStatus(await join(invite.code.slice(0, -1)), 400).body.error).toBe(
        MESSAGES.inviteCodeInvalid,
      );
      expect(expectStatus(await join(`${invite.code}A`), 400).body.error).toBe(MESSAGES.inviteCodeInvalid);
    });

    it('401 without a token; 404 and no membership for a code of nothing', async () => {
      const invite = expectStatus(await create({ role: 'moderator' }), 201).body.data as Invite;
      expectStatus(await t.newAgent().post('/api/invites/join').send({ inviteCode: invite.code }), 401);
      const joiner = await signIn(t);
      expectStatus(
        await joiner.agent.post('/api/invites/join').send({ inviteCode: 'zzzzz zzzzz zzzzz' }),
        404,
      );
      expectStatus(await joiner.agent.get(`/api/networks/${crew.network.id}`), 404);
    });
  });
});
