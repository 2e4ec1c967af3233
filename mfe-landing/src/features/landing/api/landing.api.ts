import { callApi, useAppDispatch, type AppDispatch } from '@outpost/api-client';
import type { PublicStats } from '@outpost/contracts';
import { useEffect, useState } from 'react';

type PublicStatsState = { data: PublicStats | null; isLoading: boolean; isError: boolean };

/** As long as RTK Query keeps unused data: a visitor coming back to `/` within it sees no spinner. */
export const PUBLIC_STATS_FRESH_MS = 60_000;

let latest: { at: number; request: Promise<PublicStats> } | null = null;

const fetchPublicStats = (dispatch: AppDispatch): Promise<PublicStats> => {
  if (!latest || Date.now() - latest.at > PUBLIC_STATS_FRESH_MS) {
    const request = dispatch(callApi('/api/public/stats')).unwrap() as Promise<PublicStats>;
    latest = { at: Date.now(), request };
    // A failed request is not reused.
    request.catch(() => {
      if (latest?.request === request) latest = null;
    });
  }
  return latest.request;
};

/**
 * The panel's public aggregate numbers (a cached API route). `/` reads them without the RTK Query
 * cache, so a visitor's first page does not load it; the sections that show them share one request.
 */
export const usePublicStats = (): PublicStatsState => {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<PublicStatsState>({ data: null, isLoading: true, isError: false });
  useEffect(() => {
    let mounted = true;
    fetchPublicStats(dispatch).then(
      (data) => mounted && setState({ data, isLoading: false, isError: false }),
      () => mounted && setState({ data: null, isLoading: false, isError: true }),
    );
    return () => {
      mounted = false;
    };
  }, [dispatch]);
  return state;
};
