// Page, sort, search and server filter of a players list. The page goes back to 1 whenever the
// sort, the search or the server changes (spec section 4).
import { DEFAULT_PLAYER_SORT, type PlayerSortColumn } from '@outpost/contracts';
import { useState } from 'react';
import { nextSort, type PlayerSort } from '../utils/sorting';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

type ListState = PlayerSort & { page: number; search: string; serverId: string };

export const usePlayerListState = (serverId = '') => {
  const [state, setState] = useState<ListState>({ ...DEFAULT_PLAYER_SORT, page: 1, search: '', serverId });
  const [searchText, setSearchText] = useState('');
  const settledSearch = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // Adjusting state while rendering (not in an effect) so no request goes out with the old page.
  let current = state;
  if (settledSearch !== state.search) current = { ...current, search: settledSearch, page: 1 };
  if (serverId !== state.serverId && serverId !== '') current = { ...current, serverId, page: 1 };
  if (current !== state) setState(current);

  return {
    ...current,
    searchText,
    setSearchText,
    sort: (column: PlayerSortColumn) => setState((s) => ({ ...s, ...nextSort(s, column), page: 1 })),
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    /** The network tab's server filter; '' is every server. */
    setServerId: (next: string) =>
      setState((s) => (s.serverId === next ? s : { ...s, serverId: next, page: 1 })),
  };
};
