import {
  DEFAULT_GRADIENT,
  DEFAULT_NETWORK_DESCRIPTION,
  DEMO_READ_ONLY_MESSAGE,
  type Network,
} from '@outpost/contracts';
import { MESSAGES } from '@outpost/validation';
import { createTestApp, signIn, type TestApp } from './support';
import { routesOf } from './support/route-list';
import {
  ACTORS,
  MATRIX,
  agentOf,
  countRows,
  createCrew,
  createNetwork,
  expectStatus,
  type Actor,
  type Crew,
} from './support/crew';

describe('networks API', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    t = await createTestApp();
    crew = await createCrew(t);
  });
  afterAll(() => t.close());

  describe('GET /api/networks', () => {
    it("lists the caller's networks with role, serverCount and memberCount", async () => {
      const { owner, admin, moderator, member, outsider, network } = crew;
      await owner.agent.post(`/api/servers/network/${network.id}`).send({ name: 'EU Main' }).expect(201);
      const expected = (role: string) => [
        expect.objectContaining({
          id: network.id,
          name: 'Rust Legends',
          role,
          serverCount: 1,
          memberCount: 5,
        }),
      ];
      expect((await owner.agent.get('/api/networks').expect(200)).body.data).toEqual(expected('owner'));
      expect((await admin.agent.get('/api/networks').expect(200)).body.data).toEqual(expected('admin'));
      expect((await moderator.agent.get('/api/networks').expect(200)).body.data).toEqual(
        expected('moderator'),
      );
      expect((await member.agent.get('/api/networks').expect(200)).body.data).toEqual(expected('member'));
      expect((await outsider.agent.get('/api/networks').expect(200)).body).toEqual({
        success: true,
        data: [],
      });
      expect((await crew.demo.agent.get('/api/networks').expect(200)).body.data).toEqual(expected('member'));
    });

    it('answers 401 without a token', async () => {
      const res = await t.newAgent().get('/api/networks').expect(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });
  });

  describe('POST /api/networks', () => {
    it('creates a network with the spec defaults; the caller is its owner', async () => {
      const user = await signIn(t);
      const res = await user.agent.post('/api/networks').send({ name: '  Night Raiders  ' }).expect(201);
      const created = res.body.data as Network;
      expect(created).toEqual({
        id: expect.any(String),
        name: 'Night Raiders',
        description: DEFAULT_NETWORK_DESCRIPTION,
        gradient: DEFAULT_GRADIENT,
        role: 'owner',
        serverCount: 0,
        memberCount: 1,
        createdAt: expect.any(String),
        notifications: { serverOffline: true, newMembers: false },
        plan: 'free',
      });
      const read = await user.agent.get(`/api/networks/${created.id}`).expect(200);
      expect(read.body.data).toEqual(created);
    });

    it.each([
      [{ name: '   ' }, MESSAGES.networkNameRequired],
      [{}, MESSAGES.networkNameRequired],
      [{ name: 'x'.repeat(101) }, MESSAGES.networkNameTooLong],
      [{ name: 'Bad <b>' }, MESSAGES.networkNameInvalidChars],
      [{ name: 'Ok', description: 'd'.repeat(501) }, MESSAGES.descriptionTooLong],
      [
        { name: 'Ok', gradient: { from: '#fff', to: '#000', direction: '13deg' } },
        MESSAGES.gradientDirection,
      ],
      [{ name: 'Ok', ownerId: 'someone' }, MESSAGES.unknownField('ownerId')],
    ])('refuses %j with 400 "%s" and creates nothing', async (body, message) => {
      const before = await countRows(t, 'networks');
      const res = await crew.outsider.agent.post('/api/networks').send(body).expect(400);
      expect(res.body).toMatchObject({ success: false, error: message, code: 'VALIDATION_FAILED' });
      expect(await countRows(t, 'networks')).toBe(before);
    });

    it('answers 401 without a token and 403 to the demo user', async () => {
      await t.newAgent().post('/api/networks').send({ name: 'Nope' }).expect(401);
      const res = await crew.demo.agent.post('/api/networks').send({ name: 'Nope' }).expect(403);
      expect(res.body.error).toBe(DEMO_READ_ONLY_MESSAGE);
    });
  });

  describe('GET /api/networks/:id', () => {
    const expected: Record<Actor, number> = MATRIX.read;
    it.each(ACTORS)('%s', async (actor) => {
      const res = await agentOf(t, crew, actor).get(`/api/networks/${crew.network.id}`);
      expectStatus(res, expected[actor]);
      if (expected[actor] === 200)
        expect(res.body.data).toMatchObject({
          id: crew.network.id,
          role: actor === 'demo' ? 'member' : actor,
        });
      if (actor === 'outsider')
        expect(res.body).toEqual({ success: false, error: 'Network not found', code: 'NOT_FOUND' });
    });

    it('answers the same 404 for an id that does not exist', async () => {
      const res = await crew.owner.agent.get('/api/networks/does-not-exist').expect(404);
      expect(res.body.error).toBe('Network not found');
    });
  });

  describe('PATCH /api/networks/:id', () => {
    const path = () => `/api/networks/${crew.network.id}`;
    const expected: Record<Actor, number> = MATRIX.owner;
    it.each(ACTORS)('%s', async (actor) => {
      const res = await agentOf(t, crew, actor)
        .patch(path())
        .send({ description: `Set by ${actor}` });
      expectStatus(res, expected[actor]);
      const read = await crew.owner.agent.get(path()).expect(200);
      expect(read.body.data.description === `Set by ${actor}`).toBe(actor === 'owner');
    });

    it('saves name, description, gradient and notifications; a reload shows them', async () => {
      const body = {
        name: 'Rust Legends EU',
        description: 'Weekly wipes',
        gradient: { from: '#10b981', to: '#047857', direction: '90deg' },
        notifications: { serverOffline: false, newMembers: true },
      };
      const res = await crew.owner.agent.patch(path()).send(body).expect(200);
      expect(res.body.data).toMatchObject({ ...body, role: 'owner' });
      expect((await crew.owner.agent.get(path()).expect(200)).body.data).toMatchObject(body);
      await crew.owner.agent
        .patch(path())
        .send({ name: 'Rust Legends', notifications: { serverOffline: true } })
        .expect(200);
      expect((await crew.owner.agent.get(path()).expect(200)).body.data.notifications).toEqual({
        serverOffline: true,
        newMembers: true,
      });
    });

    it.each([
      [{ name: '  ' }, MESSAGES.networkNameRequired],
      [{ description: 'a <script>' }, MESSAGES.descriptionInvalidChars],
      [{ notifications: { serverOffline: 'yes' } }, MESSAGES.notifications],
      [{ role: 'member' }, MESSAGES.unknownField('role')],
      [{ ownerId: crew?.outsider?.user.id ?? 'x' }, MESSAGES.unknownField('ownerId')],
      [{ id: 'other' }, MESSAGES.unknownField('id')],
    ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
      const before = (await crew.owner.agent.get(path()).expect(200)).body.data;
      const res = await crew.owner.agent.patch(path()).send(body).expect(400);
      expect(res.body).toMatchObject({ success: false, error: message });
      expect((await crew.owner.agent.get(path()).expect(200)).body.data).toEqual(before);
    });
  });

  describe('DELETE /api/networks/:id', () => {
    // The owner's 200 is the cascade test below, on a network of its own.
    const expected: Record<Exclude<Actor, 'owner'>, number> = {
      admin: 403,
      moderator: 403,
      member: 403,
      demo: 403,
      outsider: 404,
      anonymous: 401,
    };
    it.each(ACTORS.filter((actor) => actor !== 'owner'))('%s cannot delete it', async (actor) => {
      const res = await agentOf(t, crew, actor).delete(`/api/networks/${crew.network.id}`);
      expectStatus(res, expected[actor as Exclude<Actor, 'owner'>]);
      expect(await countRows(t, 'networks', { id: crew.network.id })).toBe(1);
    });

    it('owner deletes the network and everything that hangs off it, for every member', async () => {
      const doomed = await createCrew(t, 'Doomed');
      const { id } = doomed.network;
      await doomed.owner.agent.post(`/api/servers/network/${id}`).send({ name: 'Gone Soon' }).expect(201);
      await doomed.owner.agent.post('/api/invites').send({ networkId: id }).expect(201);
      expect(await countRows(t, 'network_members', { network_id: id })).toBe(5);

      await doomed.owner.agent.delete(`/api/networks/${id}`).expect(200);

      await doomed.owner.agent.get(`/api/networks/${id}`).expect(404);
      await doomed.member.agent.get(`/api/networks/${id}`).expect(404);
      expect((await doomed.admin.agent.get('/api/networks').expect(200)).body.data).toEqual([]);
      for (const table of ['network_members', 'servers', 'invites', 'audit_entries'])
        expect(await countRows(t, table, { network_id: id })).toBe(0);
      expect(await countRows(t, 'networks', { id })).toBe(0);
      // The record of the deletion itself stays, detached from the network that is gone.
      expect(await countRows(t, 'audit_entries', { action: 'network.deleted', target_id: id })).toBe(1);
    });

    it('the network of the shared crew is still there', async () => {
      await crew.owner.agent.get(`/api/networks/${crew.network.id}`).expect(200);
      expect(await createNetwork(crew.outsider, 'Side Project')).toMatchObject({ role: 'owner' });
    });
  });
  describe('GET /api/docs-json', () => {
    it('documents every networks, members, invites, servers, audit and dashboard route', async () => {
      const res = await t.http.get('/api/docs-json').expect(200);
      const paths = res.body.paths as Record<string, Record<string, { summary?: string }>>;
      const documented = Object.entries(paths)
        .filter(([path]) => /^\/api\/(networks|invites|servers|dashboard)/.test(path))
        .flatMap(([path, operations]) =>
          Object.entries(operations).map(
            ([method, operation]) => `${method} ${path} ${operation.summary ? 'ok' : '-'}`,
          ),
        );
      // Every such route the app serves (read from its own router), each with a summary.
      const served = routesOf(t.app).filter((route) =>
        /^\/api\/(networks|invites|servers|dashboard)/.test(route.path),
      );
      expect(documented.map((line) => line.replace(/ (ok|-)$/, '')).sort()).toEqual(
        served
          .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
          .sort(),
      );
      expect(documented.length).toBeGreaterThanOrEqual(26);
      expect(documented.filter((line) => !line.endsWith(' ok'))).toEqual([]);
    });
  });
});
