import { api } from '@outpost/api-cache';
import type { RotateServerTokenResponse, Server } from '@outpost/contracts';

export const serverApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServer: build.query<Server, string>({
      query: (serverId) => `/api/servers/${encodeURIComponent(serverId)}`,
      providesTags: (_result, _error, serverId) => [{ type: 'Server', id: serverId }],
    }),
    /** A new plugin token; the old one stops working at once (and the ban-check path changes). */
    rotateServerToken: build.mutation<RotateServerTokenResponse, string>({
      query: (serverId) => ({ url: `/api/servers/${encodeURIComponent(serverId)}/token`, method: 'POST' }),
      invalidatesTags: (_result, error, serverId) =>
        error ? [] : [{ type: 'Server', id: serverId }, 'Audit'],
    }),
  }),
});

export const { useGetServerQuery, useRotateServerTokenMutation } = serverApi;
