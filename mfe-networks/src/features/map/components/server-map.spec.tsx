import { paths, planRequiredMessage, type ServerMap } from '@outpost/contracts';
import { liveEventReceived } from '@outpost/api-client';
import { setUpFakeServer, type FakeRequest } from '@outpost/testing';
import { act, screen, within } from '@testing-library/react';
import { FakeApi } from '../../../test/fake-api';
import { atRoute, renderAs } from '../../../test/render';
import MapPage from './map-page';

type Reply = { status: number; body: unknown };

/** The map route on top of the fake API: a spec seeds each server's map, or a failure. */
class FakeMapApi extends FakeApi {
  maps = new Map<string, ServerMap>();
  mapReply: Reply | null = null;
  protected clear(): void {
    super.clear();
    this.maps?.clear();
    this.mapReply = null;
  }
  protected async answer(request: FakeRequest): Promise<Reply> {
    const match = /^\/api\/servers\/([^/]+)\/map$/.exec(request.path);
    if (request.method !== 'GET' || !match) return super.answer(request);
    if (this.mapReply) return this.mapReply;
    const map = this.maps.get(match[1]);
    return map
      ? { status: 200, body: { success: true, data: map } }
      : { status: 404, body: { success: false, code: 'NOT_FOUND', error: 'Server not found' } };
  }
}

const api = setUpFakeServer(new FakeMapApi());
// jsdom has no 2D canvas: the map draws nothing here (its drawing is measured by bench/map-frames).
beforeAll(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));

const mapOf = (serverId: string, players: ServerMap['players'] = []): ServerMap => ({
  serverId,
  worldSize: 3000,
  seed: 7,
  mapName: 'Procedural Map',
  publicMapUrl: 'https://rustmaps.com/map/3000_7',
  players,
  trails: {},
  image: null,
});

const openMap = (userId = 'ana') => {
  const network = api.addNetwork('Rust Legends', 'ana');
  if (userId !== 'ana') api.addMember(network.id, userId, 'member');
  const server = api.addServer(network.id, 'EU Main', { status: 'online' });
  const rendered = () =>
    renderAs(userId, <MapPage />, atRoute(paths.serverArea(network.id, server.id, 'map')));
  return { network, server, rendered };
};

const rex = { steamId: '76561198000000001', name: 'Rex', x: -622.2, z: -255.6, grid: 'G12', at: '' };

describe('the Map area', () => {
  it('lists the players to follow with their grid reference, and links the public map page', async () => {
    const { server, rendered } = openMap();
    api.maps.set(server.id, mapOf(server.id, [rex, { ...rex, steamId: '2', name: 'Ada', grid: 'A0' }]));
    rendered();
    const follow = await screen.findByRole('combobox', { name: 'Follow' });
    expect(
      within(follow)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nobody', 'Ada (A0)', 'Rex (G12)']);
    expect(screen.getByRole('link', { name: 'Public map page' })).toHaveAttribute(
      'href',
      'https://rustmaps.com/map/3000_7',
    );
    expect(screen.getByRole('application', { name: /2 players shown/ })).toBeInTheDocument();
    expect(screen.queryByText('No players online')).not.toBeInTheDocument();
  });

  it('says No players online, and shows the upload control to the owner only', async () => {
    const { server, rendered } = openMap();
    api.maps.set(server.id, mapOf(server.id));
    rendered();
    expect(await screen.findByText('No players online')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload map image' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Follow' })).toBeDisabled();
  });

  it('shows a member no upload control', async () => {
    const { server, rendered } = openMap('cy');
    api.maps.set(server.id, mapOf(server.id));
    rendered();
    expect(await screen.findByText('No players online')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload map image' })).not.toBeInTheDocument();
  });

  it('shows the demo (an admin) the upload control disabled, saying the demo is read-only', async () => {
    const network = api.addNetwork('Demo Network', 'system');
    api.addMember(network.id, 'demo', 'admin');
    const server = api.addServer(network.id, 'EU Main', { status: 'online' });
    api.maps.set(server.id, mapOf(server.id));
    renderAs('demo', <MapPage />, {
      ...atRoute(paths.serverArea(network.id, server.id, 'map')),
      demo: true,
    });
    const upload = await screen.findByRole('button', { name: 'Upload map image' });
    expect(upload).toBeDisabled();
    expect(upload).toHaveAttribute('title', 'The demo is read-only');
  });

  it('moves a player from the live stream, with the grid reference computed for the new position', async () => {
    const { network, server, rendered } = openMap();
    api.maps.set(server.id, mapOf(server.id, [rex]));
    const { store } = rendered();
    const follow = await screen.findByRole('combobox', { name: 'Follow' });
    act(() => {
      store.dispatch(
        liveEventReceived({
          type: 'map.positions',
          networkId: network.id,
          serverId: server.id,
          worldSize: 3000,
          at: '2026-01-05T12:00:10.000Z',
          // Half a metre west and north of K3's corner: J2.
          players: [
            { steamId: rex.steamId, name: 'Rex', x: -1500 + 10 * 146.3 - 0.5, z: 1500 - 3 * 146.3 + 0.5 },
          ],
        }),
      );
    });
    expect(await within(follow).findByRole('option', { name: 'Rex (J2)' })).toBeInTheDocument();
  });

  it('asks nothing of a network known to be on Free: Premium is said at once', async () => {
    const { network, server, rendered } = openMap();
    network.plan = 'free';
    rendered();
    expect(await screen.findByRole('heading', { name: 'This area is part of Premium' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/servers/${server.id}/map`)).toHaveLength(0);
  });

  it('explains Premium on 403 plan_required, and offers Retry on an error', async () => {
    const { rendered } = openMap();
    api.mapReply = {
      status: 403,
      body: { success: false, code: 'plan_required', error: planRequiredMessage('liveMap') },
    };
    const view = rendered();
    expect(await screen.findByRole('heading', { name: 'This area is part of Premium' })).toBeInTheDocument();
    view.unmount();

    api.mapReply = { status: 500, body: { success: false, code: 'INTERNAL', error: 'Boom' } };
    rendered();
    expect(await screen.findByText('Failed to load the map')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try Again/ })).toBeInTheDocument();
  });
});
