import type { EntityManager } from '@mikro-orm/core';
import { boundRows, placeholders } from '../../core/database';

/**
 * The names of these servers, by id: a plain statement on the driver (boundRows), for lists that
 * read them on every page (the players list), without building entities.
 */
export const serverNames = async (em: EntityManager, ids: Iterable<string>): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await boundRows<{ id: string; name: string }>(
    em,
    `select id, name from servers where id in (${placeholders(wanted)})`,
    wanted,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
};
