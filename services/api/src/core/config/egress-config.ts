import { z } from 'zod';
import type { ConfigDoc } from './config-doc';

// What the panel may dial when a user typed the address (core/egress): read apart, like the
// secrets key, so the setting and its words live beside each other.

export const egressEnvSchema = z.object({
  OUTBOUND_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export const EGRESS_CONFIG_DOCS: readonly ConfigDoc[] = [
  {
    name: 'OUTBOUND_ALLOW_PRIVATE',
    default: 'true',
    description:
      'Whether the panel may connect to loopback and private addresses (127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10, ::1, fc00::/7) that a user typed (RCON hosts), checked on the resolved address; set false on a panel open to sign-ups. Link-local and cloud metadata addresses are always refused.',
  },
];
