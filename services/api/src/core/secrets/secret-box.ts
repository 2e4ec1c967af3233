import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  InjectConfig,
  loadOrCreateSecretFile,
  parseSecretsKey,
  SECRETS_KEY_BYTES,
  SECRETS_KEY_FILE,
  type AppConfig,
} from '../config';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** SECRETS_KEY, or the key generated once into DATA_DIR/secrets-key. */
export const secretsKeyOf = (config: Pick<AppConfig, 'secretsKey' | 'dataDir'>): Buffer => {
  if (config.secretsKey) return config.secretsKey;
  const text = loadOrCreateSecretFile(config.dataDir, SECRETS_KEY_FILE, () =>
    randomBytes(SECRETS_KEY_BYTES).toString('base64'),
  );
  const key = parseSecretsKey(text);
  if (!key)
    throw new Error(
      `${SECRETS_KEY_FILE} in DATA_DIR does not hold a 32-byte key (64 hex digits or base64): restore it, or set SECRETS_KEY`,
    );
  return key;
};

/**
 * Secrets the panel must read back (an RCON password), sealed with AES-256-GCM: a fresh 96-bit
 * IV each time, the tag checked on opening. `context` (e.g. the server's id) is authenticated
 * too, so a sealed value copied to another row does not open there.
 */
@Injectable()
export class SecretBox {
  private readonly key: Buffer;

  constructor(@InjectConfig() config: AppConfig) {
    this.key = secretsKeyOf(config);
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The plain text, or null when the value was sealed under another key or context, or is damaged. */
  open(sealed: string, context: string): string | null {
    const [version, ...parts] = sealed.split('.');
    if (version !== VERSION || parts.length !== 3) return null;
    const [iv, tag, data] = parts.map((part) => Buffer.from(part, 'base64url'));
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
