import type { Network, Plan } from '@outpost/contracts';
import { signIn, createTestApp, type TestApp } from './support';
import {
  ACTORS,
  agentOf,
  createCrew,
  createWorld,
  expectStatus,
  type Actor,
  type Crew,
} from './support/crew';
import { setPlan } from './support/plans';

// A network says what it gets (its owner's plan), so the screens of its Premium areas know before
// asking whether they may: a Free network's map or automation page then makes no call the API
// would refuse with 403 (no noise in the browser's console).
describe('a network says its plan', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());
  afterEach(() => setPlan(t, crew.owner.user.id, 'free'));

  const expected: Record<Actor, number> = {
    owner: 200,
    admin: 200,
    moderator: 200,
    member: 200,
    demo: 200,
    outsider: 404,
    anonymous: 401,
  };

  const planIn = async (actor: Actor): Promise<{ one?: Plan; listed?: Plan; status: number }> => {
    const res = await agentOf(t, crew, actor).get(`/api/networks/${crew.network.id}`);
    expectStatus(res, expected[actor]);
    if (res.status !== 200) return { status: res.status };
    const list = expectStatus(await agentOf(t, crew, actor).get('/api/networks'), 200).body.data as Network[];
    return {
      status: 200,
      one: (res.body.data as Network).plan,
      listed: list.find((network) => network.id === crew.network.id)?.plan,
    };
  };

  describe('GET /api/networks/:id and GET /api/networks', () => {
    it.each(ACTORS)('%s reads free while the owner is on Free', async (actor) => {
      const read = await planIn(actor);
      if (read.status === 200) expect(read).toMatchObject({ one: 'free', listed: 'free' });
    });

    it.each(ACTORS)(
      '%s reads premium once the owner is on Premium, whatever their own plan',
      async (actor) => {
        await setPlan(t, crew.owner.user.id, 'premium');
        const read = await planIn(actor);
        if (read.status === 200) expect(read).toMatchObject({ one: 'premium', listed: 'premium' });
      },
    );

    it("goes by the owner's plan, not the caller's", async () => {
      await setPlan(t, crew.member.user.id, 'premium');
      try {
        expect((await planIn('member')).one).toBe('free');
      } finally {
        await setPlan(t, crew.member.user.id, 'free');
      }
    });

    it('says each network of a list its own owner’s plan', async () => {
      const other = await createCrew(t, 'Premium Network');
      await setPlan(t, other.owner.user.id, 'premium');
      // The crew's member joins the other network too: one list, two plans.
      const { code } = expectStatus(
        await other.owner.agent.post('/api/invites').send({ networkId: other.network.id }),
        201,
      ).body.data as { code: string };
      const joined = expectStatus(
        await crew.member.agent.post('/api/invites/join').send({ inviteCode: code }),
        200,
      ).body.data as Network;
      expect(joined.plan).toBe('premium');
      const list = expectStatus(await crew.member.agent.get('/api/networks'), 200).body.data as Network[];
      expect(Object.fromEntries(list.map((network) => [network.name, network.plan]))).toEqual({
        'Rust Legends': 'free',
        'Premium Network': 'premium',
      });
    });

    it('a network just created says its owner’s plan', async () => {
      const user = await signIn(t);
      await setPlan(t, user.user.id, 'premium');
      const created = expectStatus(await user.agent.post('/api/networks').send({ name: 'Fresh' }), 201).body
        .data as Network;
      expect(created.plan).toBe('premium');
    });
  });
});

describe('a network says its plan: PLANS=off', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    t = await createTestApp({ env: { PLANS: 'off' } });
    crew = await createCrew(t);
  });
  afterAll(() => t.close());

  it('every network is premium, its owner on Free', async () => {
    expect(
      (
        expectStatus(await crew.member.agent.get(`/api/networks/${crew.network.id}`), 200).body
          .data as Network
      ).plan,
    ).toBe('premium');
    const list = expectStatus(await crew.member.agent.get('/api/networks'), 200).body.data as Network[];
    expect(list.map((network) => network.plan)).toEqual(['premium']);
  });
});
