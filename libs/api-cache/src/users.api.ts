// The signed-in user's profile: here rather than in mfe-account because the shell's user menu
// (plan badge, Upgrade to Pro) reads it on every page.
import type { UserProfile } from '@outpost/contracts';
import { api } from './api';

export type UpdateProfileRequest = Partial<Pick<UserProfile, 'name' | 'avatar'>> & { username?: string };

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<UserProfile, void>({ query: () => '/api/users/me', providesTags: ['Profile'] }),
    updateProfile: build.mutation<UserProfile, UpdateProfileRequest>({
      query: (body) => ({ url: '/api/users/me', method: 'PATCH', body }),
      invalidatesTags: ['Profile', 'Account'],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = usersApi;
