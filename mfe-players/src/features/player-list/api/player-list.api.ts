// The players list, the servers behind the capacity cards, the viewer's role, and moderation.
import { api, invalidateSoon, onLiveEvent, patchServerStatus } from '@outpost/api-cache';
import type {
  Network,
  PlayerAction,
  PlayerActionRequest,
  PlayerActionResponse,
  PlayersListResponse,
  PlayersQuery,
  Server,
} from '@outpost/contracts';

const enc = encodeURIComponent;

export type ModeratePlayerArgs = {
  steamId: string;
  action: PlayerAction | 'unban';
  body: PlayerActionRequest;
};

export const playerListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlayers: build.query<PlayersListResponse, PlayersQuery>({
      // Empty values (no server, no search) are left out of the query string by the base query.
      query: (params) => ({ url: '/api/players', params }),
      providesTags: (result) => [
        { type: 'Player', id: 'LIST' },
        ...(result?.players ?? []).map((player) => ({ type: 'Player' as const, id: player.steamId })),
      ],
    }),
    /** The network's servers, for the capacity cards and the server filter. */
    getPlayerServers: build.query<Server[], string>({
      query: (networkId) => `/api/servers/network/${enc(networkId)}`,
      providesTags: (result) => [
        { type: 'Server', id: 'LIST' },
        ...(result ?? []).map((server) => ({ type: 'Server' as const, id: server.id })),
      ],
    }),
    /** The network as the viewer sees it: its name and the viewer's role decide the actions. */
    getPlayersNetwork: build.query<Network, string>({
      query: (networkId) => `/api/networks/${enc(networkId)}`,
      providesTags: (_result, _error, networkId) => [{ type: 'Network', id: networkId }],
    }),
    moderatePlayer: build.mutation<PlayerActionResponse, ModeratePlayerArgs>({
      query: ({ steamId, action, body }) => ({
        url: `/api/players/${enc(steamId)}/${action}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, { steamId }) =>
        error ? [] : [{ type: 'Player', id: steamId }, { type: 'Player', id: 'LIST' }, 'Audit'],
    }),
  }),
});

export const {
  useGetPlayersQuery,
  useGetPlayerServersQuery,
  useGetPlayersNetworkQuery,
  useModeratePlayerMutation,
} = playerListApi;

// Live: the capacity cards follow each server's status; the table is read again when players come
// or go (it is sorted and paged on the server, so it cannot be patched in place).
onLiveEvent('server.status', (event, { dispatch }) =>
  dispatch(
    playerListApi.util.updateQueryData('getPlayerServers', event.networkId, (servers) => {
      const server = servers.find((candidate) => candidate.id === event.serverId);
      if (server) patchServerStatus(server, event);
    }),
  ),
);
for (const type of ['player.joined', 'player.left'] as const)
  onLiveEvent(type, (_event, { dispatch }) => invalidateSoon(dispatch, [{ type: 'Player', id: 'LIST' }]));
