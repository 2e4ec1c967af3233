// The signed-in user's profile: here rather than in mfe-account because the shell's user menu
// (plan badge, Upgrade to Pro) reads it on every page.
import { API_PATHS, type UserProfile } from '@outpost/contracts';
import { api } from './api';

export type UpdateProfileRequest = Partial<Pick<UserProfile, 'name' | 'avatar'>> & { username?: string };

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<UserProfile, void>({
      query: () => API_PATHS.getProfile.path(),
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<UserProfile, UpdateProfileRequest>({
      query: (body) => ({ ...API_PATHS.updateProfile.request(), body }),
      invalidatesTags: ['Profile', 'Account'],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = usersApi;
