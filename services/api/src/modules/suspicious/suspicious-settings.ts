import type { Knex } from '@mikro-orm/knex';
import { DEFAULT_SUSPICIOUS_SETTINGS, type SuspiciousSettings } from '@outpost/contracts';

/**
 * A network's weights and thresholds: the stored ones over the defaults, so a factor or threshold
 * added later starts at its default on networks that saved theirs before.
 */
export const readSettings = async (knex: Knex, networkId: string): Promise<SuspiciousSettings> => {
  const [row] = (await knex('suspicious_settings').select('settings').where('network_id', networkId)) as {
    settings: string;
  }[];
  if (!row) return DEFAULT_SUSPICIOUS_SETTINGS;
  const stored = JSON.parse(row.settings) as Partial<SuspiciousSettings>;
  return {
    weights: { ...DEFAULT_SUSPICIOUS_SETTINGS.weights, ...stored.weights },
    thresholds: { ...DEFAULT_SUSPICIOUS_SETTINGS.thresholds, ...stored.thresholds },
  };
};

export const writeSettings = async (
  knex: Knex,
  networkId: string,
  settings: SuspiciousSettings,
  now: number,
): Promise<void> => {
  await knex('suspicious_settings')
    .insert({ network_id: networkId, settings: JSON.stringify(settings), updated_at: now })
    .onConflict('network_id')
    .merge(['settings', 'updated_at']);
};
