// The live map (Premium): GET /api/servers/{id}/map and the map image routes. The role matrix and
// the plan matrix of every route, positions and trails from heartbeats (both the plugin's and the
// WebRCON bridge's arrive as heartbeats), the grid reference, retention, and uploads that are not
// images, too large or of another type, which store nothing.
import { gridReference, MAP_IMAGE_MAX_BYTES, planRequiredMessage, type ServerMap } from '@outpost/contracts';
import { LiveBus } from '../src/core/live';
import { MapRetention, PositionCollector } from '../src/modules/map';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import {
  ACTORS,
  agentOf,
  countRows,
  createWorld,
  expectStatus,
  statusesFor,
  type Crew,
} from './support/crew';
import { jpegImage, pngImage } from './support/images';
import { setPlan } from './support/plans';
import { addServer, heartbeat, steamIdOf, type FakePlayer } from './support/plugin';
import type { TestApp } from './support';

const PLAN_REQUIRED = { success: false, code: 'plan_required', error: planRequiredMessage('liveMap') };
const WORLD = 3000;
const at = (x: number, z: number) => ({ x, y: 12, z });

describe('live map routes', () => {
  let t: TestApp;
  let crew: Crew;
  let serverId: string;
  let token: string;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
    ({ id: serverId, token } = await addServer(crew.owner, crew.network.id, 'Mapped'));
    await setPlan(t, crew.owner.user.id, 'premium');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const mapPath = () => `/api/servers/${serverId}/map`;
  const imagePath = () => `/api/servers/${serverId}/map/image`;
  const upload = (agent: Crew['owner']['agent'], body: Buffer, type = 'image/png') =>
    agent.put(imagePath()).set('Content-Type', type).send(body);
  const report = async (players: (FakePlayer & { position?: ReturnType<typeof at> })[], ms?: number) => {
    if (ms !== undefined) jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(ms));
    await heartbeat(t, token, players, { worldSize: WORLD, seed: 4242 });
    await t.app.get(PositionCollector).flush();
  };

  describe('GET /api/servers/{id}/map', () => {
    const expected = statusesFor('network.view');
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(mapPath());
      expect(res.status).toBe(expected[actor]);
      if (res.status === 200) expect(res.body.data).toMatchObject({ serverId });
    });

    it('shows the online players where they stand, their grid reference and their trails', async () => {
      const rex = steamIdOf(1);
      const ada = steamIdOf(2);
      const start = Date.now() - 20_000;
      await report(
        [
          { steamId: rex, name: 'Rex', position: at(-1500 + 146.3 * 6, 1500 - 146.3 * 12) },
          { steamId: ada, name: 'Ada' },
        ],
        start,
      );
      // 5 s later: too soon for a second trail point; 10 s later: kept.
      await report([{ steamId: rex, name: 'Rex', position: at(-1300, 100) }], start + 5_000);
      await report([{ steamId: rex, name: 'Rex', position: at(-1200, 90) }], start + 10_000);
      jest.restoreAllMocks();

      const map = expectStatus(await crew.member.agent.get(mapPath()), 200).body.data as ServerMap;
      expect(map).toMatchObject({
        worldSize: WORLD,
        seed: 4242,
        mapName: 'Procedural Map',
        publicMapUrl: 'https://rustmaps.com/map/3000_4242',
        image: null,
      });
      expect(map.players).toEqual([
        {
          steamId: rex,
          name: 'Rex',
          x: -1200,
          z: 90,
          grid: 'C9',
          at: new Date(start + 10_000).toISOString(),
        },
      ]);
      expect(map.trails[rex].map(({ x, z }) => [x, z])).toEqual([
        [-622.2, -255.6],
        [-1200, 90],
      ]);
      expect(gridReference(-622.2, -255.6, WORLD)).toBe('G12');
    });

    it('shows nobody online when the server has not reported lately', async () => {
      jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 5 * 60_000);
      const other = await addServer(crew.owner, crew.network.id, 'Quiet');
      const map = expectStatus(await crew.member.agent.get(`/api/servers/${other.id}/map`), 200).body
        .data as ServerMap;
      expect(map).toMatchObject({
        worldSize: null,
        players: [],
        trails: {},
        image: null,
        publicMapUrl: null,
      });
    });

    it('answers 403 plan_required on a Free network, after membership', async () => {
      await setPlan(t, crew.owner.user.id, 'free');
      try {
        const free = { ...statusesFor('network.view', { ok: 403 }), outsider: 404, anonymous: 401 };
        for (const actor of ACTORS) {
          const res = await agentOf(t, crew, actor).get(mapPath());
          expect([actor, res.status]).toEqual([actor, free[actor]]);
          if (res.status === 403 && actor !== 'demo') expect(res.body).toEqual(PLAN_REQUIRED);
        }
      } finally {
        await setPlan(t, crew.owner.user.id, 'premium');
      }
    });

    it('404s an unknown server', async () => {
      expectStatus(await crew.owner.agent.get('/api/servers/nope/map'), 404);
    });
  });

  describe('PUT /api/servers/{id}/map/image', () => {
    const expected = statusesFor('servers.manage', { write: true });
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await upload(agentOf(t, crew, actor), pngImage(4, 4));
      expect(res.status).toBe(expected[actor]);
      if (res.status === 200)
        expect(res.body.data).toMatchObject({
          contentType: 'image/png',
          width: 4,
          height: 4,
          url: imagePath(),
        });
    });

    it('stores a JPEG, serves it with its type and replaces it', async () => {
      const jpeg = jpegImage(2048, 2048);
      const res = expectStatus(await upload(crew.admin.agent, jpeg, 'image/jpeg'), 200);
      expect(res.body.data).toMatchObject({
        contentType: 'image/jpeg',
        width: 2048,
        height: 2048,
        bytes: jpeg.length,
      });
      const served = expectStatus(
        await crew.member.agent
          .get(imagePath())
          .buffer(true)
          .parse((r, done) => {
            const parts: Buffer[] = [];
            r.on('data', (c: Buffer) => parts.push(c));
            r.on('end', () => done(null, Buffer.concat(parts)));
          }),
        200,
      );
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(served.body as Buffer, jpeg)).toBe(0);
      const map = expectStatus(await crew.member.agent.get(mapPath()), 200).body.data as ServerMap;
      expect(map.image).toMatchObject({ contentType: 'image/jpeg', width: 2048 });
    });

    const refusals: [string, () => Buffer, string, string][] = [
      [
        'text named as a PNG',
        () => Buffer.from('definitely not an image'),
        'image/png',
        'must be a PNG or JPEG',
      ],
      [
        'a GIF',
        () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
        'image/gif',
        'must be a PNG or JPEG',
      ],
      ['a PNG cut short', () => pngImage(8, 8).subarray(0, 40), 'image/png', 'must be a PNG or JPEG'],
      ['a PNG of 0 by 4 pixels', () => pngImage(0, 4), 'image/png', 'must be a PNG or JPEG'],
      ['a JPEG of 9000 px', () => jpegImage(9000, 100), 'image/jpeg', 'must be a PNG or JPEG'],
      ['nothing', () => Buffer.alloc(0), 'image/png', 'Choose a map image'],
      [
        'a file over the cap',
        () => Buffer.concat([pngImage(4, 4), Buffer.alloc(MAP_IMAGE_MAX_BYTES)]),
        'image/png',
        'at most 8 MB',
      ],
    ];
    it.each(refusals)(
      'refuses %s with 400 naming image, storing nothing',
      async (_name, body, type, message) => {
        const other = await addServer(
          crew.owner,
          crew.network.id,
          `Refused ${refusals.findIndex(([n]) => n === _name)}`,
        );
        const res = expectStatus(
          await crew.owner.agent
            .put(`/api/servers/${other.id}/map/image`)
            .set('Content-Type', type)
            .send(body()),
          400,
        );
        expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
        expect(res.body.error).toContain(message);
        expect(res.body.details).toEqual([{ field: 'image', message: res.body.error }]);
        expect(await countRows(t, 'map_images', { server_id: other.id })).toBe(0);
      },
    );

    it('answers 403 plan_required on a Free network and stores nothing', async () => {
      const other = await addServer(crew.owner, crew.network.id, 'Free upload');
      await setPlan(t, crew.owner.user.id, 'free');
      try {
        const res = expectStatus(
          await crew.owner.agent
            .put(`/api/servers/${other.id}/map/image`)
            .set('Content-Type', 'image/png')
            .send(pngImage(4, 4)),
          403,
        );
        expect(res.body).toEqual(PLAN_REQUIRED);
        expect(await countRows(t, 'map_images', { server_id: other.id })).toBe(0);
      } finally {
        await setPlan(t, crew.owner.user.id, 'premium');
      }
    });
  });

  describe('GET and DELETE /api/servers/{id}/map/image', () => {
    it.each(ACTORS)('GET answers %s as the role matrix says', async (actor) => {
      expectStatus(await upload(crew.owner.agent, pngImage(4, 4)), 200);
      const res = await agentOf(t, crew, actor).get(imagePath());
      expect(res.status).toBe(statusesFor('network.view')[actor]);
      if (res.status === 200) expect(res.headers['content-type']).toBe('image/png');
    });

    it.each(ACTORS)('DELETE answers %s as the role matrix says', async (actor) => {
      expectStatus(await upload(crew.owner.agent, pngImage(4, 4)), 200);
      const res = await agentOf(t, crew, actor).delete(imagePath());
      expect(res.status).toBe(statusesFor('servers.manage', { write: true })[actor]);
      expect(await countRows(t, 'map_images', { server_id: serverId })).toBe(res.status === 200 ? 0 : 1);
    });

    it('answers 404 when there is no image', async () => {
      await crew.owner.agent.delete(imagePath());
      expectStatus(await crew.owner.agent.get(imagePath()), 404);
      expectStatus(await crew.owner.agent.delete(imagePath()), 404);
    });
  });

  it('publishes map.positions live for a premium network, and not for a free one', async () => {
    const other = await addServer(crew.owner, crew.network.id, 'Live positions');
    const publish = jest.spyOn(t.app.get(LiveBus), 'publish');
    const positions = () =>
      publish.mock.calls.map(([event]) => event).filter((event) => event.type === 'map.positions');
    await heartbeat(
      t,
      other.token,
      [{ steamId: steamIdOf(7), name: 'Kai', position: at(10.04, -20.06) } as FakePlayer],
      {
        worldSize: WORLD,
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(positions()).toEqual([
      {
        type: 'map.positions',
        networkId: crew.network.id,
        serverId: other.id,
        worldSize: WORLD,
        at: expect.any(String),
        players: [{ steamId: steamIdOf(7), name: 'Kai', x: 10, z: -20.1 }],
      },
    ]);

    // The plan is asked again at most every 30 s: a network gone Free stops getting them after that.
    await setPlan(t, crew.owner.user.id, 'free');
    try {
      jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 31_000);
      publish.mockClear();
      await heartbeat(
        t,
        other.token,
        [{ steamId: steamIdOf(7), name: 'Kai', position: at(11, -21) } as FakePlayer],
        {
          worldSize: WORLD,
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(positions()).toEqual([]);
    } finally {
      await setPlan(t, crew.owner.user.id, 'premium');
    }
  });

  it('deletes trail points older than 15 minutes', async () => {
    const em = t.orm.em.fork();
    const now = Date.now();
    for (const ms of [now - 15 * 60_000 - 1, now - 15 * 60_000 + 1000])
      await em
        .getConnection()
        .execute(
          'insert into map_positions (server_id, steam_id, at, x, z) values (?, ?, ?, 0, 0)',
          [serverId, steamIdOf(99), ms],
          'run',
        );
    expect(await t.app.get(MapRetention).purge(new Date(now))).toBe(1);
    expect(await countRows(t, 'map_positions', { steam_id: steamIdOf(99) })).toBe(1);
  });
});
