import { createHash, randomBytes } from 'node:crypto';
import { loadOrCreateSecretFile } from '../../core/config';

/** 256 random bits, URL-safe: session cookies and magic-link secrets. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

/** 128 random bits in hex: ids of sessions, tokens and identities. */
export const randomId = (): string => randomBytes(16).toString('hex');

/** What is stored instead of a secret. The secrets are 256 random bits, so a plain hash suffices. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET, or a secret generated on first start and kept (mode 600) in the data folder, so
 * tokens survive a restart of a single instance without any set-up.
 */
export const loadJwtSecret = (configured: string | null, dataDir: string): string =>
  configured ?? loadOrCreateSecretFile(dataDir, JWT_SECRET_FILE, () => randomBytes(48).toString('base64url'));
