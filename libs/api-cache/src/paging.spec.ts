import { act, renderHook } from '@testing-library/react';
import { itemsOfPages, olderPages, useOlderPages, type OlderPagesQuery } from './paging';

type Page = { entries: { id: string }[]; nextCursor: string | null };
const page = (ids: string[], nextCursor: string | null = null): Page => ({
  entries: ids.map((id) => ({ id })),
  nextCursor,
});
const entriesOf = itemsOfPages('entries');

describe('cursor paging', () => {
  it('reads the first page without a cursor and each next one before the last', () => {
    expect(olderPages.initialPageParam).toBeNull();
    expect(olderPages.getNextPageParam(page(['a'], 'c1'))).toBe('c1');
    expect(olderPages.getNextPageParam(page(['a']))).toBeUndefined();
  });

  it('shows the pages as one list, newest first, an item two pages both hold once', () => {
    expect(entriesOf([page(['c', 'b']), page(['b', 'a'])]).map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
    expect(entriesOf([])).toEqual([]);
  });
});

describe('useOlderPages', () => {
  const query = (changes: Partial<OlderPagesQuery<Page>>): OlderPagesQuery<Page> => ({
    currentData: { pages: [page(['b', 'a'], 'c1')] },
    isFetching: false,
    isFetchingNextPage: false,
    hasNextPage: true,
    fetchNextPage: jest.fn(),
    ...changes,
  });

  it('gives the items and the footer, which reads the older page', () => {
    const current = query({});
    const { result } = renderHook(() => useOlderPages(current, entriesOf));
    expect(result.current.items.map((entry) => entry.id)).toEqual(['b', 'a']);
    expect(result.current.older).toMatchObject({ hasOlder: true, loading: false, error: undefined });
    act(() => result.current.older.onLoadOlder());
    expect(current.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('keeps the same items while the pages are the same', () => {
    const current = query({});
    const { result, rerender } = renderHook(() => useOlderPages(current, entriesOf));
    const first = result.current.items;
    rerender();
    expect(result.current.items).toBe(first);
  });

  it('tells a failed read once it is over, and nothing while one is under way', () => {
    const error = { status: 400 };
    const failed = renderHook(() => useOlderPages(query({ error }), entriesOf));
    expect(failed.result.current.older.error).toBe(error);
    const again = renderHook(() =>
      useOlderPages(query({ error, isFetching: true, isFetchingNextPage: true }), entriesOf),
    );
    expect(again.result.current.older).toMatchObject({ loading: true, error: undefined });
  });
});
