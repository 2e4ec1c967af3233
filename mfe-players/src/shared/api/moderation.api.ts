// Kick, warn, ban and unban: from the players list and from an F7 report (which it then links).
import { api } from '@outpost/api-cache';
import type { PlayerAction, PlayerActionRequest, PlayerActionResponse } from '@outpost/contracts';

export type ModeratePlayerArgs = {
  steamId: string;
  action: PlayerAction | 'unban';
  body: PlayerActionRequest;
};

export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    moderatePlayer: build.mutation<PlayerActionResponse, ModeratePlayerArgs>({
      query: ({ steamId, action, body }) => ({
        url: `/api/players/${encodeURIComponent(steamId)}/${action}`,
        method: 'POST',
        body,
      }),
      // The action is a new punishment (or lifts one); one taken from a report also resolves it.
      invalidatesTags: (_result, error, { steamId, body: { reportId } }) =>
        error
          ? []
          : [
              { type: 'Player', id: steamId },
              { type: 'Player', id: 'LIST' },
              { type: 'Punishment', id: 'LIST' },
              ...(reportId
                ? [
                    { type: 'Report' as const, id: 'LIST' },
                    { type: 'Report' as const, id: reportId },
                  ]
                : []),
              'Audit',
            ],
    }),
  }),
});

export const { useModeratePlayerMutation } = moderationApi;
