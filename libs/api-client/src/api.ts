import { createApi } from '@reduxjs/toolkit/query/react';
import { productBaseQuery } from './base-query';

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
