// The base of the remotes' fake APIs: a real local HTTP server, so screens run through the real
// base query, headers and envelopes with no fetch mocks. It reads JSON bodies, records each call,
// names the caller from the bearer token (specs preload auth.jwt with a user id) and writes the
// reply; a subclass only answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeServer } from './signed-in';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, or {} when there is none. */
  body: Record<string, unknown>;
  /** The bearer token: the signed-in test user's id. */
  userId: string | undefined;
};

/** A reply without a body (204, say) is sent empty. */
export type FakeReply = { status: number; body?: unknown };

export type RecordedCall = { method: string; path: string; query: URLSearchParams; body: unknown };

export abstract class FakeHttpApi implements FakeServer {
  calls: RecordedCall[] = [];
  private readonly server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Forgets the calls and the subclass's data: run after each test. */
  reset(): void {
    this.calls = [];
    this.clear();
  }

  callsTo(method: string, path: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method && call.path === path);
  }

  protected abstract clear(): void;

  protected abstract answer(request: FakeRequest): FakeReply | Promise<FakeReply>;

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'content-type, authorization, x-api-key');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    this.calls.push({ method, path: url.pathname, query: url.searchParams, body: text ? body : undefined });
    const userId = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const reply = await this.answer({ method, path: url.pathname, query: url.searchParams, body, userId });
    if (reply.body === undefined) return void res.writeHead(reply.status).end();
    res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
  }
}
