import { type WithSlice } from '@reduxjs/toolkit';
import { createApi, setupListeners } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, extendStores, productBaseQuery, rootReducer } from '@outpost/api-client';

/** Every tag of the panel lives here so that any remote's mutation can invalidate another's lists. */
export const API_TAG_TYPES = [
  'Account',
  'Profile',
  'Session',
  'Network',
  'Member',
  'Invite',
  'Server',
  'Player',
  'Audit',
  'Dashboard',
] as const;
export type ApiTagType = (typeof API_TAG_TYPES)[number];

/**
 * The panel's one API slice, shared by every remote as a Module Federation singleton. Features add
 * their endpoints with `api.injectEndpoints` in their own `api/<feature>.api.ts`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: productBaseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});

declare module '@outpost/api-client' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

/**
 * The cache joins the page's store when the first screen that reads the API loads (the landing
 * page never does): its slice and middleware are injected, and refetching on focus and
 * reconnection is set up.
 */
rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
extendStores((store) => setupListeners(store.dispatch));
