import { api } from '@outpost/api-cache';
import {
  API_PATHS,
  type DiscordChoice,
  type DiscordRoleRule,
  type DiscordRoleRuleInput,
  type DiscordSettings,
  type DiscordSettingsInput,
  type DiscordSyncReport,
} from '@outpost/contracts';

type NetworkArg = { networkId: string };
export type DiscordRuleArgs = NetworkArg & { ruleId: string };

const settingsOf = (networkId: string) => [{ type: 'Discord' as const, id: networkId }];
/** The guild's channels and roles, read from Discord: again only when the guild changes. */
const guildOf = (networkId: string) => [{ type: 'Discord' as const, id: `guild:${networkId}` }];

/**
 * A network's Discord (owner and admin: discord.manage): the linked server, its reports channel
 * and Linked role, the role rules and Sync now. The guild's channels and roles come from Discord
 * itself; a rule's change does not read them again, a Disconnect does.
 */
export const discordApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDiscordSettings: build.query<DiscordSettings, string>({
      query: (networkId) => API_PATHS.getDiscordSettings.path(networkId),
      providesTags: (_result, _error, networkId) => settingsOf(networkId),
    }),
    updateDiscordSettings: build.mutation<DiscordSettings, NetworkArg & { changes: DiscordSettingsInput }>({
      query: ({ networkId, changes }) => ({
        ...API_PATHS.updateDiscordSettings.request(networkId),
        body: changes,
      }),
      // The answer is the settings as saved: the cache takes it without reading them again.
      async onQueryStarted({ networkId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(discordApi.util.upsertQueryData('getDiscordSettings', networkId, data));
      },
    }),
    /** Unlinks the guild: its settings and rules go, the players' links stay. */
    disconnectDiscord: build.mutation<null, string>({
      query: (networkId) => API_PATHS.disconnectDiscord.request(networkId),
      invalidatesTags: (_result, error, networkId) =>
        error ? [] : [...settingsOf(networkId), ...guildOf(networkId)],
    }),
    getDiscordChannels: build.query<DiscordChoice[], string>({
      query: (networkId) => API_PATHS.getDiscordChannels.path(networkId),
      providesTags: (_result, _error, networkId) => guildOf(networkId),
    }),
    getDiscordRoles: build.query<DiscordChoice[], string>({
      query: (networkId) => API_PATHS.getDiscordRoles.path(networkId),
      providesTags: (_result, _error, networkId) => guildOf(networkId),
    }),
    createDiscordRoleRule: build.mutation<DiscordRoleRule, NetworkArg & { rule: DiscordRoleRuleInput }>({
      query: ({ networkId, rule }) => ({ ...API_PATHS.createDiscordRoleRule.request(networkId), body: rule }),
      invalidatesTags: (_result, error, { networkId }) => (error ? [] : settingsOf(networkId)),
    }),
    updateDiscordRoleRule: build.mutation<
      DiscordRoleRule,
      DiscordRuleArgs & { changes: Partial<DiscordRoleRuleInput> }
    >({
      query: ({ networkId, ruleId, changes }) => ({
        ...API_PATHS.updateDiscordRoleRule.request(networkId, ruleId),
        body: changes,
      }),
      invalidatesTags: (_result, error, { networkId }) => (error ? [] : settingsOf(networkId)),
    }),
    deleteDiscordRoleRule: build.mutation<null, DiscordRuleArgs>({
      query: ({ networkId, ruleId }) => API_PATHS.deleteDiscordRoleRule.request(networkId, ruleId),
      invalidatesTags: (_result, error, { networkId }) => (error ? [] : settingsOf(networkId)),
    }),
    /** Sync now: answers its report; the settings keep it as the last sync, and links may turn inactive. */
    syncDiscord: build.mutation<DiscordSyncReport, string>({
      query: (networkId) => API_PATHS.syncDiscord.request(networkId),
      async onQueryStarted(networkId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          discordApi.util.updateQueryData('getDiscordSettings', networkId, (settings) => {
            settings.lastSync = data;
          }),
        );
        dispatch(api.util.invalidateTags([{ type: 'DiscordLink', id: 'LIST' }]));
      },
    }),
  }),
});

export const {
  useGetDiscordSettingsQuery,
  useUpdateDiscordSettingsMutation,
  useDisconnectDiscordMutation,
  useGetDiscordChannelsQuery,
  useGetDiscordRolesQuery,
  useCreateDiscordRoleRuleMutation,
  useUpdateDiscordRoleRuleMutation,
  useDeleteDiscordRoleRuleMutation,
  useSyncDiscordMutation,
} = discordApi;

// The players' links are shared with mfe-players' profile (one cache entry, @outpost/api-cache);
// this feature's components take them from here like its other hooks.
export { useDeleteDiscordLinkMutation, useGetDiscordLinksQuery } from '@outpost/api-cache';
