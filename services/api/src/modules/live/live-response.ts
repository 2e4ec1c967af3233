import { API_PATHS } from '@outpost/contracts';

/** Where the live stream is answered (GET). */
export const LIVE_PATH = API_PATHS.getLiveStream.pattern;

/** The stream's own headers, whichever way it is answered. */
export const LIVE_STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  // Nginx and similar proxies would otherwise hold frames back.
  'X-Accel-Buffering': 'no',
};

/** Longer ids were never made by the bus: such a client is told to read everything again. */
const MAX_EVENT_ID_LENGTH = 64;

/**
 * The id to resume after: the Last-Event-ID header, else the lastEventId query parameter (for
 * clients that cannot set headers). Any id the bus cannot resume from (malformed, too old,
 * another boot's) answers a refetch, so it is only cut to a length none of its own has.
 */
export const lastEventIdOf = (header: unknown, query: unknown): string | undefined => {
  const given = header ?? query;
  return typeof given === 'string' && given !== '' ? given.slice(0, MAX_EVENT_ID_LENGTH + 1) : undefined;
};
