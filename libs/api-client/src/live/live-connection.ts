import {
  API_PATHS,
  LIVE_READY_EVENT,
  LIVE_REFETCH_EVENT,
  reconnectDelayMs,
  type LiveEvent,
} from '@outpost/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createParser } from 'eventsource-parser';
import { selectJwt } from '../auth-slice';
import { getApiClientConfig, readStoredJwt } from '../config';
import { issueJwt } from '../session';
import type { RootState } from '../store';
import { liveEventReceived, liveRefetchNeeded, liveStatusChanged } from './live-slice';

export const LIVE_PATH = API_PATHS.getLiveStream.path();

type LiveStore = {
  dispatch: ThunkDispatch<RootState, unknown, UnknownAction>;
  getState: () => RootState;
};

export type LiveConnectionOptions = {
  /** For tests; the global fetch at call time by default. */
  fetchFn?: typeof fetch;
  /** Wait before the attempt-th reconnect (the spec's schedule by default). */
  delayMs?: (attempt: number) => number;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

/**
 * Reads one response's frames until it ends: `ready` marks the stream connected, `refetch` asks
 * for everything again, every other frame is a LiveEvent (its id kept for resuming).
 */
const readFrames = async (
  body: ReadableStream<Uint8Array>,
  onFrame: (event: string, data: string, id: string | undefined) => void,
): Promise<void> => {
  const parser = createParser({ onEvent: ({ event, data, id }) => onFrame(event ?? 'message', data, id) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
};

/**
 * The tab's one live stream (DESIGN section 5b): fetch with the bearer JWT and the API key (an
 * EventSource cannot send headers), reconnecting on the spec's schedule and resuming with
 * Last-Event-ID. A 401 renews the JWT once (the session cookie still holds); a second 401 stops:
 * the user is signed out. Answers the stop.
 */
export const connectLive = (store: LiveStore, options: LiveConnectionOptions = {}): (() => void) => {
  const stop = new AbortController();
  const delayMs = options.delayMs ?? reconnectDelayMs;
  let lastEventId: string | undefined;
  let failures = 0;
  let everReady = false;

  const attempt = async (renewed: boolean): Promise<'retry' | 'renew' | 'stop'> => {
    const { apiKey, baseUrl } = getApiClientConfig();
    const jwt = selectJwt(store.getState()) ?? readStoredJwt();
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'X-API-Key': apiKey };
    if (jwt) headers.Authorization = `Bearer ${jwt}`;
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const fetchFn = options.fetchFn ?? fetch;
    const response = await fetchFn(`${baseUrl}${LIVE_PATH}`, {
      headers,
      credentials: 'include',
      cache: 'no-store',
      signal: stop.signal,
    });
    if (response.status === 401) {
      await response.body?.cancel();
      return renewed ? 'stop' : 'renew';
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return 'retry';
    }
    await readFrames(response.body, (event, data, id) => {
      if (event === LIVE_READY_EVENT) {
        failures = 0;
        // Away without an id to resume from (nothing had arrived yet): read everything again.
        if (everReady && !lastEventId) store.dispatch(liveRefetchNeeded());
        everReady = true;
        store.dispatch(liveStatusChanged('connected'));
        return;
      }
      if (id) lastEventId = id;
      if (event === LIVE_REFETCH_EVENT) store.dispatch(liveRefetchNeeded());
      else store.dispatch(liveEventReceived(JSON.parse(data) as LiveEvent));
    });
    return 'retry';
  };

  const run = async () => {
    let renewed = false;
    store.dispatch(liveStatusChanged('connecting'));
    while (!stop.signal.aborted) {
      let outcome: 'retry' | 'renew' | 'stop';
      try {
        outcome = await attempt(renewed);
      } catch {
        outcome = 'retry';
      }
      if (stop.signal.aborted) return;
      if (outcome === 'stop') {
        store.dispatch(liveStatusChanged('off'));
        return;
      }
      if (outcome === 'renew') {
        renewed = true;
        await store.dispatch(issueJwt());
        continue;
      }
      renewed = false;
      failures += 1;
      store.dispatch(liveStatusChanged('reconnecting'));
      await sleep(delayMs(failures), stop.signal);
    }
  };
  void run();
  return () => {
    stop.abort();
    store.dispatch(liveStatusChanged('off'));
  };
};
