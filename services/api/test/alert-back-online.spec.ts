// The back-online alert (issue 27): a server that reports again after an outage alerts back
// online; a new server's first report is not a server coming back.
import type { AlertsResponse } from '@outpost/contracts';
import { OfflineSweepService } from '../src/modules/plugin/offline-sweep.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import type { TestApp } from './support';
import { eventually } from './support/alert-sink';
import { createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat } from './support/plugin';

describe('alerts: back online', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const alertsOf = async (serverId: string) =>
    (
      expectStatus(
        await crew.member.agent.get(`/api/networks/${crew.network.id}/alerts?serverId=${serverId}`),
        200,
      ).body.data as AlertsResponse
    ).alerts;

  describe('a server that comes back', () => {
    it("alerts back online when it reports after an outage, not on a new server's first report", async () => {
      const fresh = await addServer(crew.owner, crew.network.id, 'Fresh');
      expectStatus(
        await crew.owner.agent
          .post(`/api/networks/${crew.network.id}/alert-rules`)
          .send({ kind: 'server_online', serverId: fresh.id }),
        201,
      );
      const plugin = t.app.get(PluginClock);
      const sweeper = t.app.get(OfflineSweepService);
      const online = async () => (await alertsOf(fresh.id)).filter((alert) => alert.kind === 'server_online');
      const start = Date.now() + 3_600_000;
      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start));
      await heartbeat(t, fresh.token, []);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await online()).toEqual([]);

      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start + 31_000));
      await sweeper.sweep();
      jest.spyOn(plugin, 'now').mockReturnValue(new Date(start + 40_000));
      await heartbeat(t, fresh.token, []);
      const [back] = await eventually(async () => {
        const alerts = await online();
        expect(alerts).toHaveLength(1);
        return alerts;
      });
      expect(back).toMatchObject({ title: 'Fresh is back online', state: 'resolved', serverId: fresh.id });
    });
  });
});
