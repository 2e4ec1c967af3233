import { useEffect } from 'react';
import { useAppSelector, useAppStore } from '../store';
import { selectLiveConnected } from './live-slice';

/**
 * The shell keeps the tab's live stream open while someone is signed in (one per user id). The
 * connection (and its SSE parser) is fetched when a user is signed in, so a visitor's first page
 * carries none of it.
 */
export const useLiveStream = (userId: string | null): void => {
  const store = useAppStore();
  useEffect(() => {
    if (!userId) return undefined;
    let stop: (() => void) | undefined;
    let ended = false;
    import('./live-connection')
      .then(({ connectLive }) => {
        if (!ended) stop = connectLive(store);
      })
      // Without the stream, screens keep polling (usePollingUnlessLive): the status stays off.
      .catch((error: unknown) => console.error('The live stream could not be loaded', error));
    return () => {
      ended = true;
      stop?.();
    };
  }, [store, userId]);
};

/**
 * A query's polling interval: `ms` while the live stream is down, none while it is up (its
 * events keep the cache current).
 */
export const usePollingUnlessLive = (ms: number): number => (useAppSelector(selectLiveConnected) ? 0 : ms);
