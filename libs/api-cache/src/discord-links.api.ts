// Players' Discord links, as two remotes read them: the network's Discord tab lists them all
// (mfe-networks), a player's profile shows one (mfe-players). One endpoint each, so a link
// removed on either screen leaves the other's cache with it.
import { API_PATHS, type DiscordLink } from '@outpost/contracts';
import { api } from './api';

/** A network's links; with `steamId`, that player's only (a list of at most one). */
export type DiscordLinksArgs = { networkId: string; steamId?: string };

export const discordLinksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Owner, admin and moderator (discord.links). */
    getDiscordLinks: build.query<DiscordLink[], DiscordLinksArgs>({
      query: ({ networkId, steamId }) => ({
        url: API_PATHS.getDiscordLinks.path(networkId),
        params: steamId ? { steamId } : undefined,
      }),
      // A player's own read is tagged with their Steam ID even while they have no link, so a link
      // made or removed elsewhere reads it again.
      providesTags: (result, _error, { steamId }) => [
        { type: 'DiscordLink', id: 'LIST' },
        ...(steamId ? [{ type: 'DiscordLink' as const, id: steamId }] : []),
        ...(result ?? []).map((link) => ({ type: 'DiscordLink' as const, id: link.steamId })),
      ],
    }),
    /** Removes a player's link (owner, admin: discord.manage); audited by the API. */
    deleteDiscordLink: build.mutation<null, { networkId: string; steamId: string }>({
      query: ({ networkId, steamId }) => API_PATHS.deleteDiscordLink.request(networkId, steamId),
      invalidatesTags: (_result, error, { steamId }) => (error ? [] : [{ type: 'DiscordLink', id: steamId }]),
    }),
  }),
});

export const { useGetDiscordLinksQuery, useDeleteDiscordLinkMutation } = discordLinksApi;
