// A local HTTP server standing in for Discord and for a generic webhook receiver: it keeps every
// request it got (the exact body bytes, for signatures) and answers what the test tells it to.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SinkRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type SinkAnswer = { status: number; body?: string; headers?: Record<string, string> };

export type Sink = {
  url: string;
  requests: SinkRequest[];
  /** What the next requests are answered (204 until told otherwise). */
  answer(next: (request: SinkRequest) => SinkAnswer): void;
  close(): Promise<void>;
};

export const startSink = async (): Promise<Sink> => {
  const requests: SinkRequest[] = [];
  let respond: (request: SinkRequest) => SinkAnswer = () => ({ status: 204 });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const answer = respond(request);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (next) => {
      respond = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Waits until `check` stops throwing (or its last failure after `ms`). */
export const eventually = async <T>(check: () => Promise<T> | T, ms = 5_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};
