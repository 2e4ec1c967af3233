// Plans (DESIGN section 9): a network gets what its OWNER's plan gives. The metrics routes read
// 1h and 24h on Free; 7d, 30d and any CSV export answer 403 plan_required naming the plan, after
// membership (outsiders 404) and before nothing else changes. PLANS=off makes every network
// premium; the demo network is premium.
import { planRequiredMessage } from '@outpost/contracts';
import { DemoService, findDemoNetwork } from '../src/modules/demo';
import {
  ACTORS,
  agentOf,
  createCrew,
  createWorld,
  expectStatus,
  statusesFor,
  type Crew,
} from './support/crew';
import { setPlan } from './support/plans';
import { addServer } from './support/plugin';
import { createTestApp, signInDemo, type TestApp } from './support';

const PLAN_REQUIRED = {
  success: false,
  code: 'plan_required',
  error: planRequiredMessage('metricsHistory'),
};
const PREMIUM_CALLS = ['range=7d', 'range=30d', 'format=csv', 'range=1h&format=csv', 'range=30d&format=csv'];
const FREE_CALLS = ['', 'range=1h', 'range=24h', 'format=json&range=24h'];

describe('plans: the metrics routes', () => {
  let t: TestApp;
  let crew: Crew;
  let serverId: string;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
    ({ id: serverId } = await addServer(crew.owner, crew.network.id, 'Planned'));
  });
  afterAll(() => t.close());
  afterEach(() => setPlan(t, crew.owner.user.id, 'free'));

  const routes = [
    ['GET /api/servers/{id}/metrics', () => `/api/servers/${serverId}/metrics`],
    ['GET /api/networks/{id}/metrics', () => `/api/networks/${crew.network.id}/metrics`],
  ] as const;

  for (const [route, path] of routes)
    describe(route, () => {
      it.each(FREE_CALLS)('reads ?%s on a Free network', async (query) => {
        const res = expectStatus(await crew.member.agent.get(`${path()}?${query}`), 200);
        expect(res.body.success).toBe(true);
      });

      it.each(PREMIUM_CALLS)('answers ?%s on a Free network with 403 plan_required', async (query) => {
        const res = expectStatus(await crew.owner.agent.get(`${path()}?${query}`), 403);
        expect(res.body).toEqual(PLAN_REQUIRED);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      });

      const free = { ...statusesFor('network.view', { ok: 403 }), outsider: 404, anonymous: 401 };
      it.each(ACTORS)('answers %s on a Free network at 7d as the plan matrix says', async (actor) => {
        const res = await agentOf(t, crew, actor).get(`${path()}?range=7d`);
        expect(res.status).toBe(free[actor]);
        if (res.status === 403) expect(res.body).toEqual(PLAN_REQUIRED);
        else expect(res.body.code).not.toBe('plan_required');
      });

      it.each(ACTORS)('answers %s on a Premium network at 30d as the role matrix says', async (actor) => {
        await setPlan(t, crew.owner.user.id, 'premium');
        const res = await agentOf(t, crew, actor).get(`${path()}?range=30d`);
        expect(res.status).toBe(statusesFor('network.view')[actor]);
        if (res.status === 200) expect(res.body.data).toMatchObject({ range: '30d' });
      });

      it('exports CSV on a Premium network', async () => {
        await setPlan(t, crew.owner.user.id, 'premium');
        const res = expectStatus(await crew.member.agent.get(`${path()}?format=csv&range=7d`), 200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
      });

      it("goes by the owner's plan, not the caller's", async () => {
        await setPlan(t, crew.member.user.id, 'premium');
        try {
          expect((await crew.member.agent.get(`${path()}?range=7d`)).body).toEqual(PLAN_REQUIRED);
          await setPlan(t, crew.owner.user.id, 'premium');
          await setPlan(t, crew.member.user.id, 'free');
          expectStatus(await crew.member.agent.get(`${path()}?range=7d`), 200);
        } finally {
          await setPlan(t, crew.member.user.id, 'free');
        }
      });

      it('answers bad input with 400 naming the field on a Free network, not 403', async () => {
        for (const [query, field] of [
          ['range=2h', 'range'],
          ['range=7d&format=xml', 'format'],
          ['range=1w&format=csv', 'range'],
        ] as const) {
          const res = expectStatus(await crew.owner.agent.get(`${path()}?${query}`), 400);
          expect(res.body).toMatchObject({ success: false, details: [{ field }] });
        }
      });
    });

  it('documents the 403 plan_required in OpenAPI', async () => {
    const { body } = await t.http.get('/api/docs-json').expect(200);
    for (const path of ['/api/servers/{id}/metrics', '/api/networks/{id}/metrics'])
      expect(body.paths[path].get.responses['403'].description).toContain(
        `plan_required (for the calls described above) on a network whose owner is on Free: "${planRequiredMessage('metricsHistory')}"`,
      );
  });

  it('answers 404, not 403, for a server or network that is not there', async () => {
    expectStatus(await crew.owner.agent.get('/api/servers/nope/metrics?range=7d'), 404);
    expectStatus(await crew.owner.agent.get('/api/networks/nope/metrics?range=30d'), 404);
  });
});

describe('plans: PLANS=off', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    t = await createTestApp({ env: { PLANS: 'off' } });
    crew = await createCrew(t);
  });
  afterAll(() => t.close());

  it("gives every network Premium's ranges and CSV, whatever its owner's plan", async () => {
    const path = `/api/networks/${crew.network.id}/metrics`;
    for (const query of PREMIUM_CALLS) expectStatus(await crew.member.agent.get(`${path}?${query}`), 200);
    expectStatus(await crew.outsider.agent.get(`${path}?range=7d`), 404);
  });
});

describe('plans: the demo network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is premium, and read-only all the same', async () => {
    await t.app.get(DemoService).ensureNetwork();
    const network = await findDemoNetwork(t.orm.em.fork());
    if (!network) throw new Error('no demo network');
    const demo = await signInDemo(t);
    const res = expectStatus(await demo.agent.get(`/api/networks/${network.id}/metrics?range=30d`), 200);
    expect(res.body.data).toMatchObject({ range: '30d' });
    const write = expectStatus(
      await demo.agent.patch(`/api/networks/${network.id}`).send({ name: 'Mine now' }),
      403,
    );
    expect(write.body.code).toBe('DEMO_READ_ONLY');
  });
});
