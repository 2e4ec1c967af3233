// A sample of the stored lines, for PostgreSQL's search (timeline-rows.ts): how many lines a term
// matches, and which part of it to ask the trigram indexes for. A GIN index answers a LIKE by
// reading the entries of every trigram of the pattern, and the trigrams of a player name's common
// half, of a common word or of the 7656119 every Steam ID starts with are in a large share of the
// lines: reading them can cost more than the rest of the page. Five characters of the term that
// are rare on their own select about as few lines for a fraction of the reading (bench/logs-query,
// 10 million lines: "grubh" 0.3 ms where "grubhunter" takes 9, "gepo" 0.5 where "savagepotato"
// takes 10); the whole term is then matched on the lines found.
import type { Knex } from '@mikro-orm/knex';

/** Random lines (their type and search text) of a table of `rows` lines. */
export type SearchSample = { lines: readonly { type: string; text: string }[]; rows: number };

/** Before the first sample: nothing is known, terms are looked up whole. */
export const NO_SEARCH_SAMPLE: SearchSample = { lines: [], rows: 0 };

/** Lines a sample reads (a few hundred pages). */
const SAMPLE_ROWS = 10_000;
/** Characters of a part: three trigrams. */
const PART_LENGTH = 5;
/** Parts looked at, at most (a long term has many). */
const MOST_PARTS = 24;
/**
 * A part is asked for alone when in at most this many of the sampled lines (0.03%), or in at most
 * PART_SHARE times as many as the whole term: reading that many more lines costs less than the
 * trigrams it spares (a name's 3,000 lines: 10 ms, where its common trigrams take 20 to 30).
 */
const RARE_IN_SAMPLE = 3;
const PART_SHARE = 4;

/** A whole Steam ID: 7656119, then 7, 8 or 9, then the account's digits. */
const STEAM_ID = /^7656119[789]\d{9}$/;

/** About SAMPLE_ROWS random lines of server_events (a few hundred pages read). */
export const sampleLines = async (knex: Knex): Promise<SearchSample> => {
  const { rows: tables } = (await knex.raw(
    "select reltuples::float8 as reltuples from pg_class where oid = to_regclass('server_events')",
  )) as { rows: { reltuples: number }[] };
  const rows = Math.max(tables[0]?.reltuples ?? 0, 1);
  const { rows: lines } = (await knex.raw(
    `select type, search_text as text from server_events tablesample system (?)
     where search_text is not null limit ?`,
    [Math.min(100, (100 * SAMPLE_ROWS) / rows), SAMPLE_ROWS],
  )) as { rows: { type: string; text: string }[] };
  return { lines, rows };
};

/** How many lines of the table the term (lower-case) matches within `types`, by the sample. */
export const matchesOf = (
  sample: SearchSample,
  term: string,
  types: readonly string[] | undefined,
): number | null => {
  if (sample.lines.length === 0) return null;
  let found = 0;
  for (const line of sample.lines)
    if ((!types || types.includes(line.type)) && line.text.includes(term)) found += 1;
  return (found / sample.lines.length) * sample.rows;
};

/**
 * The part of `term` (lower-case) to ask the trigram indexes for: the five letters or digits in a
 * row found in the fewest sampled lines, when rare enough (RARE_IN_SAMPLE); else the whole term,
 * but of a Steam ID only the account's digits: its first eight are those of nearly every steamId
 * of every line, and looking them up reads nearly the whole index (150 ms instead of 10 for one
 * steamId over 10 million lines). Null when the term has no three letters or digits in a row:
 * pg_trgm then finds no trigram to look up, and would read the whole index.
 */
export const indexedPartOf = (term: string, sample: SearchSample): string | null => {
  if (!/[\p{L}\p{N}]{3}/u.test(term)) return null;
  const core = STEAM_ID.test(term) ? term.slice(8) : term;
  const parts = new Set<string>();
  // Digits only make a thousand trigrams, each in a fair share of the lines: five of them select
  // no better, and no quicker, than all.
  for (const run of core.match(/[\p{L}\p{N}]{3,}/gu) ?? [])
    if (/\D/.test(run))
      for (let start = 0; start + Math.min(PART_LENGTH, run.length) <= run.length; start += 1)
        parts.add(run.slice(start, start + PART_LENGTH));
  if (parts.size === 0 || sample.lines.length === 0) return core;
  const linesWith = (text: string, atMost: number) => {
    let lines = 0;
    for (const line of sample.lines) if (line.text.includes(text) && ++lines > atMost) break;
    return lines;
  };
  const rareEnough = Math.max(RARE_IN_SAMPLE, PART_SHARE * linesWith(term, Infinity));
  let best = { part: core, lines: rareEnough + 1 };
  for (const part of [...parts].slice(0, MOST_PARTS)) {
    const lines = linesWith(part, best.lines - 1);
    if (lines < best.lines) best = { part, lines };
  }
  return best.part;
};
