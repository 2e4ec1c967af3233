import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type {
  AgentStateRequest,
  CommandResultRequest,
  HeartbeatRequest,
  PluginCommand,
  PluginEvent,
} from '@outpost/contracts';

/**
 * A real HTTP server speaking the panel's side of the plugin protocol, for tests of plugins and
 * the bridge: it keeps heartbeats, stores events once per id, queues commands (handed out by the
 * long-poll once, and by every heartbeat answer until their result is posted) and records
 * results. It can go down and come back on the same port.
 */
export class PanelStandIn {
  readonly heartbeats: HeartbeatRequest[] = [];
  readonly events = new Map<string, PluginEvent>();
  /** Event ids in the order first received; a retried batch adds nothing. */
  readonly eventOrder: string[] = [];
  readonly results = new Map<string, CommandResultRequest>();
  /** Every agent state reported (POST /agent-state), in order, with the User-Agent it came with. */
  readonly agentStates: (AgentStateRequest & { userAgent: string | undefined })[] = [];
  /** Every Authorization header seen. */
  readonly authorizations = new Set<string>();
  private readonly queued: PluginCommand[] = [];
  private readonly handedOut = new Set<string>();
  private waiters: (() => void)[] = [];
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private boundPort = 0;

  constructor(private readonly token: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.boundPort}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => this.route(req, res, body));
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.boundPort, '127.0.0.1', resolve));
    this.server = server;
    this.boundPort = (server.address() as AddressInfo).port;
  }

  /** Goes down: the port closes and open requests are cut. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const wake of this.waiters.splice(0)) wake();
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  queue(command: PluginCommand): void {
    this.queued.push(command);
    for (const wake of this.waiters.splice(0)) wake();
  }

  private route(req: IncomingMessage, res: ServerResponse, body: string): void {
    const reply = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(status < 300 ? { success: true, data } : { success: false, ...(data as object) }),
      );
    };
    this.authorizations.add(req.headers.authorization ?? '');
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return reply(401, { error: 'Unknown server token', code: 'UNAUTHORIZED' });
    const url = new URL(req.url ?? '/', 'http://panel');
    const path = url.pathname.replace(/^\/api\/plugin\/v1\//, '');
    if (path === 'heartbeat') {
      this.heartbeats.push(JSON.parse(body) as HeartbeatRequest);
      const commands = this.queued.filter((c) => !this.results.has(c.id));
      return reply(200, { commands, nextHeartbeatSeconds: 1 });
    }
    if (path === 'agent-state' && req.method === 'POST') {
      const state = JSON.parse(body) as AgentStateRequest;
      this.agentStates.push({ ...state, userAgent: req.headers['user-agent'] });
      return reply(200, { state: state.state, since: state.since });
    }
    if (path === 'events') {
      const { events } = JSON.parse(body) as { events: PluginEvent[] };
      let accepted = 0;
      for (const event of events)
        if (!this.events.has(event.id)) {
          this.events.set(event.id, event);
          this.eventOrder.push(event.id);
          accepted += 1;
        }
      return reply(200, { accepted, duplicates: events.length - accepted });
    }
    if (path === 'commands' && req.method === 'GET') {
      const wait = Math.min(30, Number(url.searchParams.get('wait') ?? 0));
      const answer = () => {
        const fresh = this.queued.filter((c) => !this.handedOut.has(c.id) && !this.results.has(c.id));
        if (fresh.length === 0) return false;
        fresh.forEach((c) => this.handedOut.add(c.id));
        reply(200, { commands: fresh });
        return true;
      };
      if (answer()) return;
      const timer = setTimeout(() => done(), wait * 1000);
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== wake);
        if (!res.writableEnded && !answer()) reply(200, { commands: [] });
      };
      const wake = () => done();
      this.waiters.push(wake);
      req.socket.once('close', () => clearTimeout(timer));
      return;
    }
    const result = /^commands\/([^/]+)\/result$/.exec(path);
    if (result && req.method === 'POST') {
      const id = decodeURIComponent(result[1]);
      if (!this.queued.some((c) => c.id === id))
        return reply(404, { error: 'Unknown command', code: 'NOT_FOUND' });
      const outcome = JSON.parse(body) as CommandResultRequest;
      this.results.set(id, outcome);
      return reply(200, { id, status: outcome.ok ? 'succeeded' : 'failed' });
    }
    reply(404, { error: 'Not found', code: 'NOT_FOUND' });
  }
}

export const startPanelStandIn = async (token: string): Promise<PanelStandIn> => {
  const panel = new PanelStandIn(token);
  await panel.start();
  return panel;
};
