import { defineSchema } from '../../core/database';

/**
 * The network's detector settings and reviews, and the evidence kept as events arrive: kills per
 * player and server, AntiHack violations (raw SQL; columns in the suspicious migration).
 */
export const suspiciousSchema = defineSchema({
  tables: ['suspicious_settings', 'suspicious_reviews', 'suspicious_violations', 'suspicious_tallies'],
});
