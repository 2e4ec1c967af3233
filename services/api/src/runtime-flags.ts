import { setFlagsFromString } from 'node:v8';

/** V8's young generation for the panel's process, in MB per semi-space (V8's default is 16). */
export const SEMI_SPACE_MB = 32;

/**
 * Imported first by main.ts, before anything allocates. A heartbeat allocates its players several
 * times over (the parsed body, the validated copy, the fingerprint): with the default young
 * generation the process collected garbage every few heartbeats. With 32 MB, bench/ingest's
 * heartbeats per second rose by about a quarter; 64 and 128 did no better. A
 * --max-semi-space-size given to Node (on its command line or in NODE_OPTIONS) is left alone.
 */
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
  /^--max[-_]semi[-_]space[-_]size/.test(arg),
);
if (!given) setFlagsFromString(`--max-semi-space-size=${SEMI_SPACE_MB}`);
