import type { Middleware, WithSlice } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import {
  dynamicMiddleware,
  initInjectedSlices,
  productBaseQuery,
  rootReducer,
  userSignedIn,
  type RootState,
} from '@outpost/api-client';

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
  'Console',
  'Rcon',
  'Logs',
  /** The Punishments lists: `{type: 'Punishment', id: 'LIST'}` plus one tag per punishment. */
  'Punishment',
  /** The F7 reports inboxes and their new-report counts: `{type: 'Report', id: 'LIST'}` plus one per report. */
  'Report',
  /** Fired alerts (a network's history, one alert with its deliveries): `{type: 'Alert', id: 'LIST'}` plus one per alert. */
  'Alert',
  /** The header's bell: the latest alerts of the user's networks and the unread count. */
  'AlertInbox',
  /** A network's alert rules and its watch list: `{type: 'AlertRule', id: networkId}`. */
  'AlertRule',
  /** A network's alert channels: `{type: 'AlertChannel', id: networkId}`. */
  'AlertChannel',
  /** A network's suspicious-activity lists (its servers' and its own) and its weights: `{type: 'Suspicious', id: networkId}`. */
  'Suspicious',
  /** A network's automations: `{type: 'Automation', id: 'LIST'}` plus one tag per automation. */
  'Automation',
  /** An automation's run history: `{type: 'AutomationRun', id: automationId}`. */
  'AutomationRun',
  /** A network's Discord (its server, reports channel, Linked role, role rules, last sync): `{type: 'Discord', id: networkId}`. */
  'Discord',
  /** Players' Discord links: `{type: 'DiscordLink', id: 'LIST'}` plus one tag per Steam ID. */
  'DiscordLink',
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
 * Whatever the cache holds belongs to the user it was read for. Signing out clears it
 * (deleteCurrentSession); so does another user signing in on this tab, e.g. the live demo started
 * from a signed-in session.
 */
const resetForAnotherUser: Middleware<object, RootState> = (store) => {
  let servedUserId = store.getState().auth.user?.$id ?? null;
  return (next) => (action) => {
    if (!userSignedIn.match(action)) return next(action);
    const result = next(action);
    if (servedUserId !== null && servedUserId !== action.payload.$id)
      store.dispatch(api.util.resetApiState());
    servedUserId = action.payload.$id;
    return result;
  };
};

/**
 * The cache joins the page's store when the first screen that reads the API loads (the landing
 * page never does): its slice and middleware are injected into the store made at boot.
 */
rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware, resetForAnotherUser);
initInjectedSlices();
