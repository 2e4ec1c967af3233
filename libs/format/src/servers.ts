// Figures of the network dashboard's Servers and Players tabs (spec sections 2 and 9), from the server
// list as it is now. The Analytics tab's figures over time are the metrics API's (GET
// /api/networks/{id}/metrics): a peak or an uptime cannot be read off the list.
import { DEFAULT_MAX_PLAYERS } from '@outpost/contracts';

/** What these figures read from a server; older payloads name the player count `players`. */
export type ServerFigures = {
  status: string;
  playerCount?: number | null;
  players?: number | null;
  maxPlayers?: number | null;
  /** When it last reported: null for a server that never did (absent on older payloads: reported). */
  lastSeenAt?: string | null;
};

/** Whether the server ever reported (a server that never connected is neither up nor down). */
const hasReported = (server: ServerFigures): boolean => server.lastSeenAt !== null;

const playersOf = (server: ServerFigures): number => server.playerCount ?? server.players ?? 0;
const capacityOf = (server: ServerFigures): number => server.maxPlayers ?? DEFAULT_MAX_PLAYERS;
const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
const percent = (part: number, whole: number): number => Math.round((part / whole) * 100);

/**
 * Percentage of the servers that have reported which are online; null when none has reported
 * (no figure is true then: not 100 for a network without servers, not 0 for one still waiting).
 */
export const serverHealth = (servers: readonly ServerFigures[]): number | null => {
  const reported = servers.filter(hasReported);
  return reported.length === 0
    ? null
    : percent(reported.filter((server) => server.status === 'online').length, reported.length);
};

/** A health percentage as shown: "—" when there is none. */
export const formatHealth = (health: number | null): string => (health === null ? '—' : `${health}%`);

export type CapacityTotals = { onlinePlayers: number; totalCapacity: number; serverCount: number };

export type CapacityStats = {
  onlinePlayers: number;
  totalCapacity: number;
  /** Percentage of capacity in use; 0 when there is no capacity. */
  capacityUsage: number;
  averagePerServer: number;
};

/** The Players tab's cards, from the server list or from totals the API already summed. */
export const capacityStats = (input: readonly ServerFigures[] | CapacityTotals): CapacityStats => {
  const totals: CapacityTotals = Array.isArray(input)
    ? {
        onlinePlayers: sum(input.map(playersOf)),
        totalCapacity: sum(input.map(capacityOf)),
        serverCount: input.length,
      }
    : (input as CapacityTotals);
  return {
    onlinePlayers: totals.onlinePlayers,
    totalCapacity: totals.totalCapacity,
    capacityUsage: totals.totalCapacity > 0 ? percent(totals.onlinePlayers, totals.totalCapacity) : 0,
    averagePerServer: totals.serverCount > 0 ? Math.round(totals.onlinePlayers / totals.serverCount) : 0,
  };
};
