import { selectCurrentUser, useAppSelector } from '@outpost/api-client';
import { api } from '@outpost/api-cache';
import { API_PATHS, type CheckUsernameResponse, type UserProfile } from '@outpost/contracts';

export type ClaimUsernameRequest = { username: string; name?: string };

export const usernameApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query although it is a POST: the answer for one name is cached while the user types.
    checkUsernameAvailability: build.query<CheckUsernameResponse, string>({
      query: (username) => ({ ...API_PATHS.checkUsername.request(), body: { username } }),
      keepUnusedDataFor: 10,
    }),
    claimUsername: build.mutation<UserProfile, ClaimUsernameRequest>({
      query: (body) => ({ ...API_PATHS.updateProfile.request(), body }),
      invalidatesTags: ['Profile', 'Account'],
    }),
  }),
});

export const { useCheckUsernameAvailabilityQuery, useClaimUsernameMutation } = usernameApi;
export { selectCurrentUser, useAppSelector };
export type { ApiClientError } from '@outpost/api-client';

export { useRefreshAccount } from '../../../shared/hooks/use-refresh-account';
