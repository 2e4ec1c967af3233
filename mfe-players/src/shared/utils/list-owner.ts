/**
 * Whose list a query reads: a server's (its own punishments and reports, and the network bans that
 * hold there) or the whole network's. The two routes differ only by this prefix.
 */
export type ListOwner = { of: 'servers' | 'networks'; id: string };

export const listUrl = ({ of, id }: ListOwner, list: 'punishments' | 'reports'): string =>
  `/api/${of}/${encodeURIComponent(id)}/${list}`;
