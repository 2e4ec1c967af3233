import { api } from '@outpost/api-client';
import type { Server } from '@outpost/contracts';

export const serverApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServer: build.query<Server, string>({
      query: (serverId) => `/api/servers/${encodeURIComponent(serverId)}`,
      providesTags: (_result, _error, serverId) => [{ type: 'Server', id: serverId }],
    }),
  }),
});

export const { useGetServerQuery } = serverApi;
