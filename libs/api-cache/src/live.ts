import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { dynamicMiddleware, liveEventReceived, liveRefetchNeeded, type RootState } from '@outpost/api-client';
import type { LiveEvent, LiveEventType, LiveServerStatus, Server } from '@outpost/contracts';
import { api, API_TAG_TYPES } from './api';

/**
 * What a handler gets. Its dispatch and state go to the cache's thunks and selectors
 * (updateQueryData, selectCachedArgsForQuery), which type the store by the endpoints their remote
 * injected: no type the shared cache knows, hence the loose state type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CacheState = any;
export type LiveDispatch = ThunkDispatch<CacheState, unknown, UnknownAction>;
export type LiveStoreApi = { dispatch: LiveDispatch; getState: () => CacheState };
export type LiveHandler<T extends LiveEventType = LiveEventType> = (
  event: Extract<LiveEvent, { type: T }>,
  store: LiveStoreApi,
) => void;

type AnyHandler = (event: LiveEvent, store: LiveStoreApi) => void;
const handlers = new Map<LiveEventType, Set<AnyHandler>>();

/**
 * A feature patches its own cache from the live stream's events of one type: each api file
 * registers what it knows how to patch (the server's status into its server queries, a console
 * line into the console...). Answers the unregister.
 */
export const onLiveEvent = <T extends LiveEventType>(type: T, handler: LiveHandler<T>): (() => void) => {
  let forType = handlers.get(type);
  if (!forType) handlers.set(type, (forType = new Set()));
  // The map is keyed by type: a handler only ever receives events of its own type.
  const anyHandler = handler as unknown as AnyHandler;
  forType.add(anyHandler);
  return () => forType.delete(anyHandler);
};

/**
 * Events reach the handlers of their type; a refetch (the stream could not resume) reads every
 * query on screen again.
 */
const liveMiddleware: Middleware<object, RootState> = (store) => (next) => (action) => {
  const result = next(action);
  if (liveEventReceived.match(action))
    for (const handler of handlers.get(action.payload.type) ?? [])
      handler(action.payload, store as unknown as LiveStoreApi);
  else if (liveRefetchNeeded.match(action)) store.dispatch(api.util.invalidateTags([...API_TAG_TYPES]));
  return result;
};

dynamicMiddleware.addMiddleware(liveMiddleware);

// A new audit entry refreshes the audit log and the dashboard. (A network that changed, and a
// server's status, patch the reads of networks.api.ts.)
onLiveEvent('audit.entry', (_event, { dispatch }) =>
  dispatch(api.util.invalidateTags(['Audit', 'Dashboard'])),
);

/** A server's status, players and capacity from its live event, into a cached server (a draft). */
export const patchServerStatus = (server: Server, event: LiveServerStatus): void => {
  server.status = event.status;
  server.playerCount = event.playerCount;
  server.maxPlayers = event.maxPlayers;
  if (event.status !== 'offline') server.lastSeenAt = event.at;
};

/**
 * Whether the event changes more than it carries: a server's first report or a change of status
 * brings its hostname, map and the rest, which the server is then read again for.
 */
export const serverNeedsRefetch = (server: Server, event: LiveServerStatus): boolean =>
  !server.lastSeenAt || server.status !== event.status;

type Tags = Parameters<typeof api.util.invalidateTags>[0];
const pendingTags = new Map<string, Tags[number]>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
/** How long invalidations are gathered: a burst of joins after a restart reads each list once. */
export const LIVE_INVALIDATE_COALESCE_MS = 300;

/**
 * Lists that an event changes but cannot be patched in place (sorted, paged, counted on the
 * server, like the players table) are read again, at most once per LIVE_INVALIDATE_COALESCE_MS.
 */
export const invalidateSoon = (dispatch: LiveDispatch, tags: Tags): void => {
  for (const tag of tags) pendingTags.set(JSON.stringify(tag), tag);
  flushTimer ??= setTimeout(() => {
    flushTimer = undefined;
    const all = [...pendingTags.values()];
    pendingTags.clear();
    dispatch(api.util.invalidateTags(all));
  }, LIVE_INVALIDATE_COALESCE_MS);
};

// A ban, kick or warn issued, edited, lifted, imported or expired: the Punishments lists (paged and
// filtered on the server, so never patched in place) and the player's profile are read again.
onLiveEvent('punishment.changed', ({ punishmentId }, { dispatch }) =>
  invalidateSoon(dispatch, [
    { type: 'Punishment', id: 'LIST' },
    ...(punishmentId ? [{ type: 'Punishment' as const, id: punishmentId }] : []),
    { type: 'Player', id: 'LIST' },
  ]),
);

// A report arrived or was worked: the inboxes, the badges and that report are read again.
onLiveEvent('report.changed', ({ reportId }, { dispatch }) =>
  invalidateSoon(dispatch, [
    { type: 'Report', id: 'LIST' },
    { type: 'Report', id: reportId },
  ]),
);
