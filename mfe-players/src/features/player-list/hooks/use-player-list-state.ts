// Page, sort, search and server filter of a players list, kept in the address (?q, sort, order,
// page, server) so a reload, Back or a shared link shows the same list. The page goes back to 1
// whenever the sort, the search or the server changes (spec section 4).
import {
  DEFAULT_PLAYER_SORT,
  PLAYER_SORT_COLUMNS,
  SORT_ORDERS,
  type PlayerSortColumn,
  type SortOrder,
} from '@outpost/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from '@outpost/router';
import { nextSort } from '../utils/sorting';
import { useDebouncedValue } from '@outpost/ui';

export const SEARCH_DEBOUNCE_MS = 300;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

type Changes = { q?: string; sort?: string; order?: string; page?: number; server?: string };

/** `fixedServerId`: the server page's server; the network tab lets the viewer pick one instead. */
export const usePlayerListState = (fixedServerId = '') => {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const sortBy: PlayerSortColumn = oneOf(PLAYER_SORT_COLUMNS, params.get('sort'), DEFAULT_PLAYER_SORT.sortBy);
  const sortOrder: SortOrder = oneOf(SORT_ORDERS, params.get('order'), DEFAULT_PLAYER_SORT.sortOrder);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const serverId = fixedServerId || (params.get('server') ?? '');

  /** Writes the changed keys, keeps the others (the network's ?tab); defaults leave the address. */
  const update = (changes: Changes, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const isDefault =
            value === '' ||
            (key === 'page' && value === 1) ||
            (key === 'sort' && value === DEFAULT_PLAYER_SORT.sortBy) ||
            (key === 'order' && value === DEFAULT_PLAYER_SORT.sortOrder);
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace },
    );

  const [searchText, setSearchText] = useState(search);
  const settledSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // Typing settles into the address (one history entry for the whole search, not one per key).
  useEffect(() => {
    if (settledSearch !== search) update({ q: settledSearch, page: 1 }, true);
    // Only a newly settled search writes: Back to an older search must not be overwritten.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledSearch]);

  return {
    sortBy,
    sortOrder,
    page,
    search,
    serverId,
    searchText,
    setSearchText,
    sort: (column: PlayerSortColumn) => {
      const sorted = nextSort({ sortBy, sortOrder }, column);
      update({ sort: sorted.sortBy, order: sorted.sortOrder, page: 1 });
    },
    /** `replace`: a correction (a page past the end), not a step the viewer takes Back from. */
    setPage: (next: number, replace = false) => update({ page: next }, replace),
    /** The network tab's server filter; '' is every server. */
    setServerId: (next: string) => {
      if (next !== serverId) update({ server: next, page: 1 });
    },
  };
};
