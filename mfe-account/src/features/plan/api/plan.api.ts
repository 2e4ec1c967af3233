import { api } from '@outpost/api-cache';
import { API_PATHS } from '@outpost/contracts';

export const planApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Without a payment provider the API answers 409 with "upgrades are handled by the operator".
    requestPlanUpgrade: build.mutation<unknown, void>({
      query: () => API_PATHS.requestPlanUpgrade.request(),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useRequestPlanUpgradeMutation } = planApi;
export { selectAuthStatus, useAppSelector, useClientConfig, type ApiClientError } from '@outpost/api-client';
export { useGetProfileQuery } from '@outpost/api-cache';
