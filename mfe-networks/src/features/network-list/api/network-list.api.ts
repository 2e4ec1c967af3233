import { api } from '@outpost/api-cache';
import {
  API_PATHS,
  type CreateNetworkRequest,
  type JoinInviteRequest,
  type Network,
} from '@outpost/contracts';

export const networkListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNetworks: build.query<Network[], void>({
      query: () => API_PATHS.getNetworks.path(),
      providesTags: (result) => [
        { type: 'Network', id: 'LIST' },
        ...(result ?? []).map((network) => ({ type: 'Network' as const, id: network.id })),
      ],
    }),
    createNetwork: build.mutation<Network, CreateNetworkRequest>({
      query: (body) => ({ ...API_PATHS.createNetwork.request(), body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Network', id: 'LIST' }, 'Dashboard']),
    }),
    /** POST /api/invites/join answers the network joined. */
    joinNetwork: build.mutation<Network, JoinInviteRequest>({
      query: (body) => ({ ...API_PATHS.joinNetwork.request(), body }),
      invalidatesTags: (result, error) =>
        error
          ? []
          : [
              { type: 'Network', id: 'LIST' },
              { type: 'Member', id: 'LIST' },
              ...(result ? [{ type: 'Network' as const, id: result.id }] : []),
              'Dashboard',
            ],
    }),
  }),
});

export const { useGetNetworksQuery, useCreateNetworkMutation, useJoinNetworkMutation } = networkListApi;
