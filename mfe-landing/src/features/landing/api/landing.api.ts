import { callApi, useAppDispatch, type AppDispatch } from '@outpost/api-client';
import { PUBLIC_API_PATHS, type PublicStats } from '@outpost/contracts';
import { useEffect, useState } from 'react';

type PublicStatsState = { data: PublicStats | null; isLoading: boolean; isError: boolean };

/** As long as RTK Query keeps unused data: a visitor coming back to `/` within it sees no spinner. */
export const PUBLIC_STATS_FRESH_MS = 60_000;

type StatsEntry = { at: number; request: Promise<PublicStats>; data?: PublicStats };

let latest: StatsEntry | null = null;

const isFresh = (entry: StatsEntry | null): entry is StatsEntry =>
  entry !== null && Date.now() - entry.at <= PUBLIC_STATS_FRESH_MS;

const fetchPublicStats = (dispatch: AppDispatch): Promise<PublicStats> => {
  if (isFresh(latest)) return latest.request;
  const request = dispatch(callApi(PUBLIC_API_PATHS.getPublicStats.path())).unwrap() as Promise<PublicStats>;
  const entry: StatsEntry = { at: Date.now(), request };
  latest = entry;
  request.then(
    (data) => (entry.data = data),
    // A failed request is not reused.
    () => {
      if (latest === entry) latest = null;
    },
  );
  return request;
};

const loaded = (data: PublicStats): PublicStatsState => ({ data, isLoading: false, isError: false });

const NOT_ASKED: PublicStatsState = { data: null, isLoading: false, isError: false };

/**
 * The panel's public aggregate numbers (a cached API route). `/` reads them without the RTK Query
 * cache, so a visitor's first page does not load it; the sections that show them share one request.
 * A section with nothing to show (`wanted` false) asks nothing.
 */
export const usePublicStats = (wanted: boolean): PublicStatsState => {
  const dispatch = useAppDispatch();
  // Numbers read moments ago show at once, with no loading frame in between.
  const [state, setState] = useState<PublicStatsState>(() =>
    isFresh(latest) && latest.data ? loaded(latest.data) : { data: null, isLoading: true, isError: false },
  );
  useEffect(() => {
    if (!wanted) return;
    let mounted = true;
    fetchPublicStats(dispatch).then(
      (data) => mounted && setState(loaded(data)),
      () => mounted && setState({ data: null, isLoading: false, isError: true }),
    );
    return () => {
      mounted = false;
    };
  }, [dispatch, wanted]);
  return wanted ? state : NOT_ASKED;
};
