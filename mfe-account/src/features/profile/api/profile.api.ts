import { api } from '@outpost/api-cache';
import { API_PATHS } from '@outpost/contracts';

/** One signed-in browser of the current user (GET /api/users/me/sessions). */
export type AccountSession = {
  id: string;
  /** magic-url, demo, or the OAuth provider. */
  provider: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session this browser uses. */
  current: boolean;
};

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMySessions: build.query<AccountSession[], void>({
      query: () => API_PATHS.getMySessions.path(),
      providesTags: (sessions = []) => [
        { type: 'Session', id: 'LIST' },
        ...sessions.map((session) => ({ type: 'Session' as const, id: session.id })),
      ],
    }),
    endMySession: build.mutation<null, string>({
      query: (id) => API_PATHS.endMySession.request(id),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Session', id },
        { type: 'Session', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetMySessionsQuery, useEndMySessionMutation } = profileApi;
export { selectAuthStatus, useAppSelector, type ApiClientError } from '@outpost/api-client';
export { useGetProfileQuery, useUpdateProfileMutation } from '@outpost/api-cache';
export { useRefreshAccount } from '../../../shared/hooks/use-refresh-account';
