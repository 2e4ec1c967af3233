import type { EntityManager } from '@mikro-orm/core';
import { dialectOf, placeholders, sqlEm } from '../../core/database';
import { type Bucket, FIGURE_COLUMNS, FIGURES } from './metric-buckets';

/** Rows per statement: 32 values each stay far below both databases' limits on bound values. */
const ROWS_PER_STATEMENT = 100;

const COLUMNS = [
  'server_id',
  'network_id',
  'bucket_at',
  'reports',
  'players_sum',
  'players_min',
  'players_max',
  'max_players',
  ...FIGURES.flatMap((figure) =>
    ['n', 'sum', 'min', 'max'].map((part) => `${FIGURE_COLUMNS[figure]}_${part}`),
  ),
];

const valuesOf = (bucket: Bucket): unknown[] => [
  bucket.serverId,
  bucket.networkId,
  bucket.at,
  bucket.reports,
  bucket.players.sum,
  bucket.players.min ?? 0,
  bucket.players.max ?? 0,
  bucket.maxPlayers,
  ...FIGURES.flatMap((figure) => {
    const { n, sum, min, max } = bucket.figures[figure];
    return [n, sum, min, max];
  }),
];

/**
 * The merge-upsert of `count` buckets into `table`: a bucket already stored (another flush, another
 * instance) gets these reports added, so the parts of a bucket add up exactly. The lowest and
 * highest of a figure some part lacks (null) are the other part's: SQLite's two-argument min() and
 * max() would answer null, PostgreSQL's least() and greatest() skip it.
 */
const upsertSql = (table: string, count: number, dialect: 'sqlite' | 'postgresql'): string => {
  const row = `(${placeholders(COLUMNS)})`;
  const old = (column: string) => `${table}.${column}`;
  const pick = (fn: 'min' | 'max', column: string) =>
    dialect === 'postgresql'
      ? `${fn === 'min' ? 'least' : 'greatest'}(${old(column)}, excluded.${column})`
      : `${fn}(coalesce(${old(column)}, excluded.${column}), coalesce(excluded.${column}, ${old(column)}))`;
  const add = (column: string) => `${column} = ${old(column)} + excluded.${column}`;
  const sets = [
    add('reports'),
    add('players_sum'),
    `players_min = ${pick('min', 'players_min')}`,
    `players_max = ${pick('max', 'players_max')}`,
    `max_players = ${pick('max', 'max_players')}`,
    ...FIGURES.flatMap((figure) => {
      const prefix = FIGURE_COLUMNS[figure];
      return [
        add(`${prefix}_n`),
        add(`${prefix}_sum`),
        `${prefix}_min = ${pick('min', `${prefix}_min`)}`,
        `${prefix}_max = ${pick('max', `${prefix}_max`)}`,
      ];
    }),
  ];
  return `insert into ${table} (${COLUMNS.join(', ')}) values ${Array(count).fill(row).join(', ')}
    on conflict (server_id, bucket_at) do update set ${sets.join(', ')}`;
};

/** Merges `buckets` into `table`, in the caller's transaction (`em`). */
export const upsertBuckets = async (
  em: EntityManager,
  table: string,
  buckets: readonly Bucket[],
): Promise<void> => {
  const dialect = dialectOf(em);
  for (let start = 0; start < buckets.length; start += ROWS_PER_STATEMENT) {
    const chunk = buckets.slice(start, start + ROWS_PER_STATEMENT);
    await sqlEm(em).execute(upsertSql(table, chunk.length, dialect), chunk.flatMap(valuesOf), 'run');
  }
};
