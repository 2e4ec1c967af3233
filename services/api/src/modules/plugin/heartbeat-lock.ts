/**
 * The lock a server's full heartbeat takes for its transaction (lockUntilCommit), and the offline
 * sweep too before it sets the server offline: the two then never both believe they changed its
 * status, so each status change is stored and announced once.
 */
export const heartbeatLock = (serverId: string): string => `heartbeat:${serverId}`;
