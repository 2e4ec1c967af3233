import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** The DER header of an Ed25519 public key (SubjectPublicKeyInfo) before its 32 raw bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** How old an interaction's timestamp may be (a replay is refused after this). */
export const INTERACTION_MAX_AGE_SECONDS = 300;

const keys = new Map<string, KeyObject>();
const keyOf = (publicKeyHex: string): KeyObject => {
  let key = keys.get(publicKeyHex);
  if (!key) {
    key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKeyHex, 'hex')]),
      format: 'der',
      type: 'spki',
    });
    keys.set(publicKeyHex, key);
  }
  return key;
};

/**
 * Whether Discord signed this interaction: `X-Signature-Ed25519` over `X-Signature-Timestamp` +
 * the raw body, with the application's public key (DISCORD_PUBLIC_KEY), and the timestamp at most 5
 * minutes old (or ahead).
 */
export const isSignedByDiscord = (
  publicKeyHex: string,
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean => {
  if (!signature || !timestamp || !/^[0-9a-f]{128}$/i.test(signature) || !/^\d{1,12}$/.test(timestamp))
    return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > INTERACTION_MAX_AGE_SECONDS) return false;
  try {
    return verify(
      null,
      Buffer.concat([Buffer.from(timestamp), rawBody]),
      keyOf(publicKeyHex),
      Buffer.from(signature, 'hex'),
    );
  } catch {
    return false;
  }
};
