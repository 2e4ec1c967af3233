// A real HTTP server on a random local port for the client's specs: no fetch mocks, so headers,
// query strings, status texts and empty bodies are exactly what a browser's fetch would see.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
};

export type Route = (req: RecordedRequest, res: ServerResponse) => void;

export type TestServer = {
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
};

export const json = (res: ServerResponse, status: number, body: unknown, statusText?: string): void => {
  res.writeHead(status, statusText, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

export const startTestServer = async (routes: Record<string, Route>): Promise<TestServer> => {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const route = routes[`${recorded.method} ${recorded.url.split('?')[0]}`];
      if (route) route(recorded, res);
      else json(res, 404, { message: 'No route', code: 404, type: 'general_route_not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
};

/** A Map-backed localStorage for specs that run in Node, where there is none. */
export const installMemoryStorage = (): (() => void) => {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  } satisfies Storage;
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  return () => {
    delete (globalThis as { localStorage?: Storage }).localStorage;
  };
};
