import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

// A plugin token reads `opsrv_<public id>_<secret>`: the prefix makes a leaked token easy to
// spot (secret scanners), the public id finds the server, the secret is only stored hashed.
export const SERVER_TOKEN_PREFIX = 'opsrv';
const TOKEN_PATTERN = /^opsrv_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export type IssuedToken = { token: string; tokenId: string; tokenHash: string };

// One-shot hashing (no Hash object): the guard hashes the secret of every plugin request.
const sha256 = (value: string): string => hash('sha256', value, 'hex');

/** A new token (256-bit secret); only `tokenId` and `tokenHash` are stored. */
export const issueServerToken = (): IssuedToken => {
  const tokenId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { token: `${SERVER_TOKEN_PREFIX}_${tokenId}_${secret}`, tokenId, tokenHash: sha256(secret) };
};

/** A token as a plugin sends it: the public id that finds its server, and its secret's hash. */
export type ServerToken = { tokenId: string; secretHash: string };

export const parseServerToken = (token: string): ServerToken | null => {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { tokenId: match[1], secretHash: sha256(match[2]) } : null;
};

/** Compares a secret's hash with the stored one in constant time. */
export const hashMatches = (secretHash: string, storedHash: string): boolean => {
  const actual = Buffer.from(secretHash, 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
