import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GameServer } from './server.entity';

export const BAN_CHECK_ROUTE = 'api/plugin/v1/ban-check';

// The signature is keyed by the token's hash: it proves the URL came from the panel without
// revealing the token, and rotating the token retires the old ban-check URL with it.
const signatureOf = (server: Pick<GameServer, 'id' | 'tokenHash'>): string =>
  createHmac('sha256', server.tokenHash).update(`ban-check:${server.id}`).digest('hex').slice(0, 32);

/** `/api/plugin/v1/ban-check/<server id>/<signature>/`: the game server appends a steamId. */
export const banCheckPathOf = (server: Pick<GameServer, 'id' | 'tokenHash'>): string =>
  `/${BAN_CHECK_ROUTE}/${server.id}/${signatureOf(server)}/`;

export const isBanCheckSignature = (
  server: Pick<GameServer, 'id' | 'tokenHash'>,
  signature: string,
): boolean => {
  const expected = Buffer.from(signatureOf(server));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
