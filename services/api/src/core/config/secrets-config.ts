import { z } from 'zod';
import type { ConfigDoc } from './config-doc';

// The key that encrypts secrets the panel must read back (a server's RCON password), as opposed
// to secrets it only compares (tokens, stored hashed). Read apart so the rule lives in one place.

export const SECRETS_KEY_FILE = 'secrets-key';
export const SECRETS_KEY_BYTES = 32;

const SECRETS_KEY_MESSAGE =
  'must be 32 bytes written as 64 hex digits or as base64 (e.g. the output of `openssl rand -base64 32`)';

/** 64 hex digits, or base64 / base64url of exactly 32 bytes; null for anything else. */
export const parseSecretsKey = (text: string): Buffer | null => {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === SECRETS_KEY_BYTES ? key : null;
};

export const secretsEnvSchema = z.object({
  SECRETS_KEY: z
    .string()
    .transform((value, ctx) => {
      const key = parseSecretsKey(value);
      if (key) return key;
      ctx.issues.push({ code: 'custom', message: SECRETS_KEY_MESSAGE, input: value });
      return z.NEVER;
    })
    .optional(),
});

export const SECRETS_CONFIG_DOCS: readonly ConfigDoc[] = [
  {
    name: 'SECRETS_KEY',
    default: `(generated and kept in DATA_DIR/${SECRETS_KEY_FILE})`,
    description:
      'AES-256-GCM key (32 bytes: 64 hex digits or base64, e.g. `openssl rand -base64 32`) encrypting stored RCON passwords; set the same value on every instance. Changing it makes the stored passwords unreadable (enter them again).',
  },
];
