import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GameServer } from './server.entity';

export const BAN_CHECK_ROUTE = 'api/plugin/v1/ban-check';
/** The game's `server.reportsServerEndpoint` (F7 reports) posts here. */
export const REPORTS_ROUTE = 'api/plugin/v1/reports';

type Signed = Pick<GameServer, 'id' | 'tokenHash'>;

// Signatures are keyed by the token's hash: they prove a URL came from the panel without revealing
// the token, and rotating the token retires the old ban-check and reports URLs (and key) with it.
const signatureOf = (server: Signed, purpose: 'ban-check' | 'reports' | 'reports-key'): string =>
  createHmac('sha256', server.tokenHash).update(`${purpose}:${server.id}`).digest('hex').slice(0, 32);

const matches = (expected: string, given: string): boolean => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `/api/plugin/v1/ban-check/<server id>/<signature>/`: the game server appends a steamId. */
export const banCheckPathOf = (server: Signed): string =>
  `/${BAN_CHECK_ROUTE}/${server.id}/${signatureOf(server, 'ban-check')}/`;

export const isBanCheckSignature = (server: Signed, signature: string): boolean =>
  matches(signatureOf(server, 'ban-check'), signature);

/** `/api/plugin/v1/reports/<server id>/<signature>`: set as the game's server.reportsServerEndpoint. */
export const reportsPathOf = (server: Signed): string =>
  `/${REPORTS_ROUTE}/${server.id}/${signatureOf(server, 'reports')}`;

/** What the game's server.reportsServerEndpointKey must be set to: it sends it as the `key` field. */
export const reportsKeyOf = (server: Signed): string => signatureOf(server, 'reports-key');

export const isReportsSignature = (server: Signed, signature: string): boolean =>
  matches(signatureOf(server, 'reports'), signature);

export const isReportsKey = (server: Signed, key: string): boolean => matches(reportsKeyOf(server), key);
