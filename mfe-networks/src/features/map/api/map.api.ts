import { api, onLiveEvent } from '@outpost/api-cache';
import {
  API_PATHS,
  gridReference,
  MAP_TRAIL_MINUTES,
  type MapImage,
  type ServerMap,
} from '@outpost/contracts';

/**
 * A server's live map. Read once, then patched from the live stream: `map.positions` (every
 * heartbeat of a premium network) moves the dots and grows the trails, `player.left` takes a
 * player off at once.
 */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServerMap: build.query<ServerMap, string>({
      query: (serverId) => API_PATHS.getServerMap.path(serverId),
    }),
    /**
     * The uploaded image as a data: URL (an <img> cannot send the panel's token, and the panel's
     * Content-Security-Policy allows data: images, not blob: ones). Keyed by its upload time, so
     * a new upload is read anew.
     */
    getMapImage: build.query<string, { serverId: string; uploadedAt: string }>({
      query: ({ serverId }) => API_PATHS.getMapImage.path(serverId),
      // The base query reads an image answer as a Blob; the cache keeps it as text.
      transformResponse: (image: Blob) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(image);
        }),
      keepUnusedDataFor: 60,
    }),
    uploadMapImage: build.mutation<MapImage, { serverId: string; file: Blob }>({
      query: ({ serverId, file }) => ({
        ...API_PATHS.uploadMapImage.request(serverId),
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
      async onQueryStarted({ serverId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(mapApi.util.updateQueryData('getServerMap', serverId, (map) => void (map.image = data)));
      },
    }),
    deleteMapImage: build.mutation<null, { serverId: string }>({
      query: ({ serverId }) => API_PATHS.deleteMapImage.request(serverId),
      async onQueryStarted({ serverId }, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(mapApi.util.updateQueryData('getServerMap', serverId, (map) => void (map.image = null)));
      },
    }),
  }),
});

export const {
  useGetServerMapQuery,
  useGetMapImageQuery,
  useUploadMapImageMutation,
  useDeleteMapImageMutation,
} = mapApi;

const TRAIL_MS = MAP_TRAIL_MINUTES * 60_000;

onLiveEvent('map.positions', (event, { dispatch, getState }) => {
  if (!mapApi.util.selectCachedArgsForQuery(getState(), 'getServerMap').includes(event.serverId)) return;
  dispatch(
    mapApi.util.updateQueryData('getServerMap', event.serverId, (map) => {
      const worldSize = event.worldSize ?? map.worldSize;
      map.worldSize = worldSize;
      map.players = event.players.map((p) => ({
        ...p,
        grid: worldSize ? gridReference(p.x, p.z, worldSize) : null,
        at: event.at,
      }));
      const since = Date.parse(event.at) - TRAIL_MS;
      const trails: ServerMap['trails'] = {};
      for (const p of event.players) {
        const trail = (map.trails[p.steamId] ?? []).filter((point) => Date.parse(point.at) >= since);
        const last = trail.at(-1);
        if (!last || last.x !== p.x || last.z !== p.z) trail.push({ x: p.x, z: p.z, at: event.at });
        trails[p.steamId] = trail;
      }
      map.trails = trails;
    }),
  );
});

onLiveEvent('player.left', ({ serverId, steamId }, { dispatch, getState }) => {
  if (!mapApi.util.selectCachedArgsForQuery(getState(), 'getServerMap').includes(serverId)) return;
  dispatch(
    mapApi.util.updateQueryData('getServerMap', serverId, (map) => {
      map.players = map.players.filter((p) => p.steamId !== steamId);
      delete map.trails[steamId];
    }),
  );
});
