// Spec section 4: clicking the active column toggles asc/desc, a new column starts desc.
import type { PlayerSortColumn, SortOrder } from '@outpost/contracts';

export type PlayerSort = { sortBy: PlayerSortColumn; sortOrder: SortOrder };

export const nextSort = (current: PlayerSort, column: PlayerSortColumn): PlayerSort =>
  current.sortBy === column
    ? { sortBy: column, sortOrder: current.sortOrder === 'desc' ? 'asc' : 'desc' }
    : { sortBy: column, sortOrder: 'desc' };

/** The header's aria-sort: only the active column has a direction. */
export const ariaSort = (
  current: PlayerSort,
  column: PlayerSortColumn,
): 'ascending' | 'descending' | 'none' =>
  current.sortBy !== column ? 'none' : current.sortOrder === 'asc' ? 'ascending' : 'descending';
