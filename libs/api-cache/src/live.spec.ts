import { dynamicMiddleware, liveEventReceived, liveRefetchNeeded, makeStore } from '@outpost/api-client';
import type { LiveEvent, Server } from '@outpost/contracts';
import { api, API_TAG_TYPES } from './api';
import { invalidateSoon, LIVE_INVALIDATE_COALESCE_MS, onLiveEvent, patchServerStatus } from './live';

const status: LiveEvent = {
  type: 'server.status',
  networkId: 'n1',
  serverId: 's1',
  status: 'offline',
  playerCount: 0,
  maxPlayers: 50,
  at: '2026-11-25T10:00:00.000Z',
};

describe('live events in the cache', () => {
  it('reach the handlers of their type only', () => {
    const store = makeStore();
    const statuses: LiveEvent[] = [];
    const consoles: LiveEvent[] = [];
    const offStatus = onLiveEvent('server.status', (event) => void statuses.push(event));
    const offConsole = onLiveEvent('console.entry', (event) => void consoles.push(event));
    store.dispatch(liveEventReceived(status));
    offStatus();
    store.dispatch(liveEventReceived(status));
    offConsole();
    expect(statuses).toEqual([status]);
    expect(consoles).toEqual([]);
  });

  it('read every query again on a refetch', () => {
    const store = makeStore();
    const seen: unknown[] = [];
    dynamicMiddleware.addMiddleware(() => (next) => (action) => {
      seen.push(action);
      return next(action);
    });
    store.dispatch(liveRefetchNeeded());
    expect(seen).toContainEqual(api.util.invalidateTags([...API_TAG_TYPES]));
  });

  it("patch a server's status, players and capacity", () => {
    const server = { id: 's1', status: 'online', playerCount: 12, maxPlayers: 100 } as Server;
    patchServerStatus(server, status as Extract<LiveEvent, { type: 'server.status' }>);
    expect(server).toMatchObject({ status: 'offline', playerCount: 0, maxPlayers: 50 });
  });

  it('gather a burst of invalidations into one', async () => {
    const dispatched: unknown[] = [];
    const dispatch = (action: unknown) => dispatched.push(action);
    for (let i = 0; i < 20; i += 1) invalidateSoon(dispatch as never, [{ type: 'Player', id: 'LIST' }]);
    invalidateSoon(dispatch as never, ['Dashboard']);
    expect(dispatched).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, LIVE_INVALIDATE_COALESCE_MS + 50));
    expect(dispatched).toEqual([api.util.invalidateTags([{ type: 'Player', id: 'LIST' }, 'Dashboard'])]);
  });

  it('read the Punishments lists again when a punishment changes', async () => {
    const store = makeStore();
    const seen: unknown[] = [];
    dynamicMiddleware.addMiddleware(() => (next) => (action) => {
      seen.push(action);
      return next(action);
    });
    store.dispatch(
      liveEventReceived({ type: 'punishment.changed', networkId: 'n1', serverId: 's1', punishmentId: 'p1' }),
    );
    await new Promise((resolve) => setTimeout(resolve, LIVE_INVALIDATE_COALESCE_MS + 50));
    expect(seen).toContainEqual(
      api.util.invalidateTags([
        { type: 'Punishment', id: 'LIST' },
        { type: 'Punishment', id: 'p1' },
        { type: 'Player', id: 'LIST' },
      ]),
    );
  });
});
