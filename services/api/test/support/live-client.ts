// Opens GET /api/live over a real socket and reads its Server-Sent Events, as a browser tab does.
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import type { TestApp } from './test-app';

export type LiveFrame = { event: string; id?: string; data: Record<string, unknown> };

export type LiveClient = {
  status: number;
  /** Every frame so far, `ready` included. */
  frames: LiveFrame[];
  /** Comment lines (keep-alives). */
  comments: string[];
  /** Settles when the panel ends the stream. */
  ended: Promise<void>;
  /** The first frame (from `from` on) that matches, waiting up to `ms`. */
  next(match: (frame: LiveFrame) => boolean, ms?: number, from?: number): Promise<LiveFrame>;
  close(): void;
};

export type LiveOptions = { jwt?: string; cookie?: string; lastEventId?: string; apiKey?: string | null };

/** The app listening on a free local port (once per app); answers its base URL. */
export const listening = async (t: TestApp): Promise<string> => {
  const server = t.app.getHttpServer();
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

export const openLive = async (t: TestApp, options: LiveOptions): Promise<LiveClient> =>
  openLiveAt(await listening(t), {
    ...options,
    apiKey: options.apiKey === undefined ? t.config.apiKey : options.apiKey,
  });

/** The same against any panel's base URL (a spawned instance, say); `apiKey` undefined sends none. */
export const openLiveAt = async (base: string, options: LiveOptions): Promise<LiveClient> => {
  const abort = new AbortController();
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const { apiKey } = options;
  if (apiKey !== null && apiKey !== undefined) headers['X-API-Key'] = apiKey;
  if (options.jwt) headers.Authorization = `Bearer ${options.jwt}`;
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  const response = await fetch(`${base}/api/live`, { headers, signal: abort.signal });
  const frames: LiveFrame[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const parser = createParser({
    onEvent: ({ event, id, data }) => {
      frames.push({ event: event ?? 'message', id, data: JSON.parse(data) as Record<string, unknown> });
      for (const waiter of waiters) waiter();
    },
    onComment: (comment) => {
      comments.push(comment);
      for (const waiter of waiters) waiter();
    },
  });
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          parser.feed(value);
        }
      } catch {
        // aborted
      }
    })();
  } else await response.text();
  return {
    status: response.status,
    frames,
    comments,
    ended,
    next: (match, ms = 5_000, from = 0) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.slice(from).find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(frames.map((f) => f.event))}`),
          );
        }, ms);
        if (!check()) waiters.add(check);
      }),
    close: () => abort.abort(),
  };
};

/** A frame of this type (and, when given, about this server). */
export const frame =
  (event: string, serverId?: string) =>
  (candidate: LiveFrame): boolean =>
    candidate.event === event && (serverId === undefined || candidate.data.serverId === serverId);
