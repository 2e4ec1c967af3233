/**
 * Whose list a query reads: a server's (its own punishments and reports, and the network bans that
 * hold there) or the whole network's. The two routes differ only by this prefix.
 */
export type ListOwner = { of: 'servers' | 'networks'; id: string };

export const listUrl = ({ of, id }: ListOwner, list: 'punishments' | 'reports'): string =>
  `/api/${of}/${encodeURIComponent(id)}/${list}`;

/** Keyset paging: the first page has no cursor; each next one is read `before` the last's. */
export const olderPages = {
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage: { nextCursor: string | null }) => lastPage.nextCursor ?? undefined,
};

/** The pages read so far as one list, newest first, each item once (a page may overlap the next). */
export const itemsOf = <T extends { id: string }>(pages: readonly T[][]): T[] => {
  const seen = new Set<string>();
  return pages.flat().filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
};
