import { api } from '@outpost/api-cache';
import type { CreateNetworkRequest, JoinInviteRequest, Network } from '@outpost/contracts';

export const networkListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNetworks: build.query<Network[], void>({
      query: () => '/api/networks',
      providesTags: (result) => [
        { type: 'Network', id: 'LIST' },
        ...(result ?? []).map((network) => ({ type: 'Network' as const, id: network.id })),
      ],
    }),
    createNetwork: build.mutation<Network, CreateNetworkRequest>({
      query: (body) => ({ url: '/api/networks', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Network', id: 'LIST' }, 'Dashboard']),
    }),
    /** POST /api/invites/join answers the network joined. */
    joinNetwork: build.mutation<Network, JoinInviteRequest>({
      query: (body) => ({ url: '/api/invites/join', method: 'POST', body }),
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
