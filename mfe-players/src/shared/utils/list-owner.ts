import { API_PATHS } from '@outpost/contracts';

/**
 * Whose list a query reads: a server's (its own punishments and reports, and the network bans that
 * hold there) or the whole network's. The two routes differ only by this prefix.
 */
export type ListOwner = { of: 'servers' | 'networks'; id: string };

const LIST_ROUTES = {
  servers: { punishments: API_PATHS.getServerPunishments, reports: API_PATHS.getServerReports },
  networks: { punishments: API_PATHS.getNetworkPunishments, reports: API_PATHS.getNetworkReports },
} as const;

export const listUrl = ({ of, id }: ListOwner, list: 'punishments' | 'reports'): string =>
  LIST_ROUTES[of][list].path(id);
