// The Punishments area's list (a server's or the network's), a ban's edit and early lift, and the
// import of a server's own ban list.
import { api, olderPages } from '@outpost/api-cache';
import {
  API_PATHS,
  type ImportPunishmentsResponse,
  type LiftPunishmentRequest,
  type PunishmentItem,
  type PunishmentKind,
  type PunishmentsResponse,
  type PunishmentState,
  type UpdatePunishmentRequest,
} from '@outpost/contracts';
import { listUrl, type ListOwner } from '../../../shared/utils/list-owner';

/** One list's cache key: whose it is and the filters that narrow it (absent when not set). */
export type PunishmentsArgs = ListOwner & {
  kind?: PunishmentKind;
  state?: PunishmentState;
  search?: string;
};

type PunishmentRef = { punishment: Pick<PunishmentItem, 'id' | 'player'> };
export type UpdatePunishmentArgs = PunishmentRef & { changes: UpdatePunishmentRequest };
export type LiftPunishmentArgs = PunishmentRef & LiftPunishmentRequest;

const changedTags = ({ punishment }: PunishmentRef) =>
  [
    { type: 'Punishment', id: 'LIST' },
    { type: 'Punishment', id: punishment.id },
    // The player's profile lists the ban, and their status shows it.
    { type: 'Player', id: punishment.player.steamId },
    { type: 'Player', id: 'LIST' },
    'Audit',
  ] as const;

/**
 * Each list's cache entry holds `{pages, pageParams}`, newest page first; "Load older" appends a
 * page. The live stream's `punishment.changed` invalidates the LIST tag (libs/api-cache/live.ts).
 */
export const punishmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPunishments: build.infiniteQuery<PunishmentsResponse, PunishmentsArgs, string | null>({
      infiniteQueryOptions: olderPages,
      query: ({ queryArg: { of, id, ...filters }, pageParam }) => ({
        url: listUrl({ of, id }, 'punishments'),
        params: { ...filters, before: pageParam },
      }),
      providesTags: (result) => [
        { type: 'Punishment', id: 'LIST' },
        ...(result?.pages ?? []).flatMap((page) =>
          page.punishments.map((item) => ({ type: 'Punishment' as const, id: item.id })),
        ),
      ],
    }),
    updatePunishment: build.mutation<PunishmentItem, UpdatePunishmentArgs>({
      query: ({ punishment, changes }) => ({
        ...API_PATHS.updatePunishment.request(punishment.id),
        body: changes,
      }),
      invalidatesTags: (_result, error, args) => (error ? [] : [...changedTags(args)]),
    }),
    liftPunishment: build.mutation<PunishmentItem, LiftPunishmentArgs>({
      query: ({ punishment, reason }) => ({
        ...API_PATHS.liftPunishment.request(punishment.id),
        body: { reason },
      }),
      invalidatesTags: (_result, error, args) => (error ? [] : [...changedTags(args)]),
    }),
    /** Queues `banlistex` on the server; the bans it answers with arrive by the live stream. */
    importPunishments: build.mutation<ImportPunishmentsResponse, string>({
      query: (serverId) => API_PATHS.importPunishments.request(serverId),
      invalidatesTags: (_result, error) => (error ? [] : ['Audit']),
    }),
  }),
});

export const {
  useGetPunishmentsInfiniteQuery,
  useUpdatePunishmentMutation,
  useLiftPunishmentMutation,
  useImportPunishmentsMutation,
} = punishmentsApi;
