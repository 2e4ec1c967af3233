import type { Server } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { RequestHandler } from 'express';

/** How long requests in flight get to finish after SIGTERM before their connections are cut. */
export const DRAIN_TIMEOUT_MS = 10_000;
/**
 * How long the listener keeps accepting after SIGTERM: a connection the kernel already completed
 * (its request sent a few milliseconds before the signal) waits in the accept queue until the
 * event loop takes it, and closing the listener first would reset it. Taken now, it is answered
 * with `Connection: close` like the others.
 */
export const ACCEPT_GRACE_MS = 250;
const IDLE_SWEEP_MS = 50;

/**
 * Whether the server is draining (a SIGTERM arrived). Answers given while draining say
 * `Connection: close`, so keep-alive clients open their next connection elsewhere; code that holds
 * a request open on purpose (a long-poll) subscribes with onDrain and answers at once.
 */
@Injectable()
export class Draining {
  private started = false;
  private readonly listeners = new Set<() => void>();

  get active(): boolean {
    return this.started;
  }

  /** Calls `listener` when draining starts (at once if it has); returns the unsubscribe. */
  onDrain(listener: () => void): () => void {
    if (this.started) {
      listener();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const listener of this.listeners) listener();
    this.listeners.clear();
  }

  /** Express middleware: `Connection: close` on every answer written once draining has started. */
  readonly closeWhenDraining: RequestHandler = (_request, response, next) => {
    const writeHead = response.writeHead;
    response.writeHead = ((...args: Parameters<typeof writeHead>) => {
      if (this.started && !response.headersSent) response.setHeader('Connection', 'close');
      return writeHead.apply(response, args);
    }) as typeof writeHead;
    next();
  };
}

/**
 * Stops taking connections (after ACCEPT_GRACE_MS) and lets the requests in flight finish (at most
 * DRAIN_TIMEOUT_MS in all):
 * idle keep-alive connections are closed as they become idle, busy ones only once their answer
 * is written. Resolves when every connection is closed; past the limit, the rest are cut.
 */
export const drainHttp = async (
  server: Server,
  draining: Draining,
  timeoutMs = DRAIN_TIMEOUT_MS,
): Promise<void> => {
  draining.start();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await new Promise((resolve) => setTimeout(resolve, ACCEPT_GRACE_MS));
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearInterval(sweep);
  clearTimeout(cut);
};
