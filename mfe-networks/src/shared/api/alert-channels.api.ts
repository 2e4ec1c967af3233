// A network's alert channels, read by two features: the alerts feature that manages them and the
// automation feature whose "send to alert channels" action picks some. Changing them stays with
// the alerts feature's api file.
import { api } from '@outpost/api-cache';
import { API_PATHS, type AlertChannel } from '@outpost/contracts';

export const alertChannelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The channels (alerts.manage: owner and admin). */
    getAlertChannels: build.query<AlertChannel[], string>({
      query: (networkId) => API_PATHS.getAlertChannels.path(networkId),
      providesTags: (_result, _error, networkId) => [{ type: 'AlertChannel', id: networkId }],
    }),
  }),
});

export const { useGetAlertChannelsQuery } = alertChannelsApi;
