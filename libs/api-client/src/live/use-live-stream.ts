import { useEffect } from 'react';
import { useAppSelector, useAppStore } from '../store';
import { selectLiveConnected } from './live-slice';
import { connectLive } from './live-connection';

/** The shell keeps the tab's live stream open while someone is signed in (one per user id). */
export const useLiveStream = (userId: string | null): void => {
  const store = useAppStore();
  useEffect(() => (userId ? connectLive(store) : undefined), [store, userId]);
};

/**
 * A query's polling interval: `ms` while the live stream is down, none while it is up (its
 * events keep the cache current).
 */
export const usePollingUnlessLive = (ms: number): number => (useAppSelector(selectLiveConnected) ? 0 : ms);
