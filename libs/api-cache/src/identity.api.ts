// The /v1 identity calls (spec section 7 "Identity backend") that screens make through the cache;
// here rather than in a remote because the shell's user menu signs out with them. Creating the JWT,
// loading the signed-in user and starting the demo session are thunks of @outpost/api-client: the
// shell runs them before the cache loads.
import { signedOut, userSignedIn, type IdentitySession } from '@outpost/api-client';
import type { SessionUser } from '@outpost/contracts';
import { api } from './api';

export type MagicUrlTokenRequest = { userId: string; email: string; url: string };
export type SessionFromTokenRequest = { userId: string; secret: string };
/** The parts of Appwrite's token and session objects that the panel reads. */
export type IdentityToken = { $id: string; userId: string; expire: string };

export const identityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<SessionUser, void>({
      query: () => '/v1/account',
      providesTags: ['Account'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userSignedIn(data));
      },
    }),
    createMagicUrlToken: build.mutation<IdentityToken, MagicUrlTokenRequest>({
      query: (body) => ({ url: '/v1/account/tokens/magic-url', method: 'POST', body }),
    }),
    createSessionFromToken: build.mutation<IdentitySession, SessionFromTokenRequest>({
      query: (body) => ({ url: '/v1/account/sessions/token', method: 'POST', body }),
      invalidatesTags: ['Account', 'Profile', 'Session'],
    }),
    deleteCurrentSession: build.mutation<null, void>({
      query: () => ({ url: '/v1/account/sessions/current', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!ok) return;
        dispatch(signedOut());
        // Nothing cached for the previous user may leak to the next one on this tab.
        dispatch(api.util.resetApiState());
      },
    }),
  }),
});

export const {
  useGetAccountQuery,
  useLazyGetAccountQuery,
  useCreateMagicUrlTokenMutation,
  useCreateSessionFromTokenMutation,
  useDeleteCurrentSessionMutation,
} = identityApi;
