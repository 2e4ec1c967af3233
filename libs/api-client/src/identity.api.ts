// The /v1 identity calls (spec section 7 "Identity backend"); here rather than in a remote because
// the shell's route guard and user menu need them before any remote loads.
import type { SessionUser } from '@outpost/contracts';
import { api } from './api';
import { jwtIssued, signedOut, userSignedIn } from './auth-slice';

export type JwtResponse = { jwt: string };
export type MagicUrlTokenRequest = { userId: string; email: string; url: string };
export type SessionFromTokenRequest = { userId: string; secret: string };
/** The parts of Appwrite's token and session objects that the panel reads. */
export type IdentityToken = { $id: string; userId: string; expire: string };
export type IdentitySession = { $id: string; userId: string; expire: string; provider?: string };

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
    createJwt: build.mutation<JwtResponse, void>({
      query: () => ({ url: '/v1/account/jwts', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.jwt) dispatch(jwtIssued(data.jwt));
      },
    }),
    createMagicUrlToken: build.mutation<IdentityToken, MagicUrlTokenRequest>({
      query: (body) => ({ url: '/v1/account/tokens/magic-url', method: 'POST', body }),
    }),
    createSessionFromToken: build.mutation<IdentitySession, SessionFromTokenRequest>({
      query: (body) => ({ url: '/v1/account/sessions/token', method: 'POST', body }),
      invalidatesTags: ['Account', 'Profile', 'Session'],
    }),
    createDemoSession: build.mutation<IdentitySession, void>({
      query: () => ({ url: '/v1/account/sessions/demo', method: 'POST' }),
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
  useCreateJwtMutation,
  useCreateMagicUrlTokenMutation,
  useCreateSessionFromTokenMutation,
  useCreateDemoSessionMutation,
  useDeleteCurrentSessionMutation,
} = identityApi;
