// Signs interactions as Discord does: Ed25519 over the timestamp followed by the raw body, the
// signature and the timestamp in X-Signature-Ed25519 and X-Signature-Timestamp. The key pair is the
// stand-in's own; `publicKeyHex` is what an application's DISCORD_PUBLIC_KEY holds (the raw 32-byte
// key in hex, as the developer portal shows it).
import { generateKeyPairSync, sign as signWith, type KeyObject } from 'node:crypto';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo: the raw 32-byte key follows it. */
export const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export type DiscordSignatureHeaders = {
  'X-Signature-Ed25519': string;
  'X-Signature-Timestamp': string;
};

export type DiscordSigner = {
  /** The raw public key in hex (64 characters): DISCORD_PUBLIC_KEY. */
  readonly publicKeyHex: string;
  /** The headers Discord sends with `body` (exactly these bytes), at `timestamp` (Unix seconds, now by default). */
  sign(body: string, timestamp?: number | string): DiscordSignatureHeaders;
};

/** Unix seconds now, as Discord's X-Signature-Timestamp says it. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const createDiscordSigner = (): DiscordSigner => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = (publicKey as KeyObject)
    .export({ format: 'der', type: 'spki' })
    .subarray(ED25519_SPKI_PREFIX.length);
  return {
    publicKeyHex: raw.toString('hex'),
    sign: (body, timestamp = nowSeconds()) => {
      const ts = String(timestamp);
      const signature = signWith(null, Buffer.from(ts + body, 'utf8'), privateKey);
      return { 'X-Signature-Ed25519': signature.toString('hex'), 'X-Signature-Timestamp': ts };
    },
  };
};
