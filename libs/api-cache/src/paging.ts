// Lists read page by page by a cursor, newest first (the Logs timelines, the audit log, the
// Punishments lists, the Reports inboxes): the endpoints' paging options, the pages read so far as
// one list, and what a list's "Load older" footer needs from its query.
import { useMemo } from 'react';

/** What each page carries besides its items: where the next, older page starts (none at the end). */
export type CursorPage = { nextCursor: string | null };

/**
 * Keyset paging, a `build.infiniteQuery`'s `infiniteQueryOptions`: the first page has no cursor;
 * each next one is read before the last's. The cache entry holds `{pages, pageParams}`, newest
 * page first; "Load older" appends a page.
 */
export const olderPages = {
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage: CursorPage) => lastPage.nextCursor ?? undefined,
};

/**
 * A list's reading of its pages: the items under `key` as one list, newest first, each once (a
 * page may overlap the next when rows arrive between reads).
 */
export const itemsOfPages =
  <K extends string>(key: K) =>
  <T extends { id: string }>(pages: readonly Record<K, readonly T[]>[]): T[] => {
    const seen = new Set<string>();
    return pages.flatMap((page) =>
      page[key].filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id))),
    );
  };

/** What an infinite query answers, as far as a list read page by page needs it. */
export type OlderPagesQuery<P> = {
  currentData?: { pages: readonly P[] };
  error?: unknown;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** The props of libs/ui's LoadOlder footer, but its `noun`. */
export type OlderPagesFooter = {
  hasOlder: boolean;
  loading: boolean;
  onLoadOlder: () => void;
  /** Why the last read failed, once it is over; the list keeps the pages it has. */
  error: unknown;
};

/**
 * The items of an infinite query's pages (by `itemsOf`, made once with itemsOfPages) and its
 * "Load older" footer: `<LoadOlder {...older} noun="punishments" />`.
 */
export const useOlderPages = <P, T>(
  query: OlderPagesQuery<P>,
  itemsOf: (pages: readonly P[]) => T[],
): { items: T[]; older: OlderPagesFooter } => {
  const data = query.currentData;
  const items = useMemo(() => itemsOf(data?.pages ?? []), [data, itemsOf]);
  return {
    items,
    older: {
      hasOlder: query.hasNextPage,
      loading: query.isFetchingNextPage,
      onLoadOlder: () => void query.fetchNextPage(),
      error: query.isFetching ? undefined : query.error,
    },
  };
};
