// Kick, warn, ban and unban: from the players list and from an F7 report (which it then links),
// and what became of the command each sent (followed live by `command.completed`).
import { api, onLiveEvent } from '@outpost/api-cache';
import {
  API_PATHS,
  type CommandItem,
  type PlayerAction,
  type PlayerActionRequest,
  type PlayerActionResponse,
} from '@outpost/contracts';

export type ModeratePlayerArgs = {
  steamId: string;
  action: PlayerAction | 'unban';
  body: PlayerActionRequest;
};

export type GetCommandArgs = { serverId: string; commandId: string };

/** Each action is a route of its own on the API. */
const ACTION_ROUTES = {
  kick: API_PATHS.kickPlayer,
  warn: API_PATHS.warnPlayer,
  ban: API_PATHS.banPlayer,
  unban: API_PATHS.unbanPlayer,
} as const satisfies Record<ModeratePlayerArgs['action'], unknown>;

export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    moderatePlayer: build.mutation<PlayerActionResponse, ModeratePlayerArgs>({
      query: ({ steamId, action, body }) => ({
        ...ACTION_ROUTES[action].request(steamId),
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
    getCommand: build.query<CommandItem, GetCommandArgs>({
      query: ({ serverId, commandId }) => API_PATHS.getCommand.path(serverId, commandId),
    }),
  }),
});

export const { useModeratePlayerMutation, useGetCommandQuery } = moderationApi;

// The outcome of a command someone here is following (a read of it is cached) patches it in place.
onLiveEvent('command.completed', ({ serverId, command }, { dispatch }) =>
  dispatch(
    moderationApi.util.updateQueryData('getCommand', { serverId, commandId: command.id }, (draft) => {
      Object.assign(draft, command);
    }),
  ),
);
