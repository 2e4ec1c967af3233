// A small fake of the product API (spec section 7) on a real local HTTP server: the screens run
// through the real base query, headers and envelopes, with no fetch mocks. State is in memory;
// the caller is the user named by the bearer token (specs preload auth.jwt with a user id).
import type {
  AuditEntry,
  ConsoleEntry,
  Gradient,
  Invite,
  LogEntry,
  RconState,
  RconStatus,
  Role,
  ServerConnection,
} from '@outpost/contracts';
import { can, type Permission } from '@outpost/contracts';
import type { FakeRequest } from '@outpost/testing';
import { MESSAGES, validateServerName } from '@outpost/validation';
import { activityOf, auditCsvOf, auditPage } from './fake-audit';
import { answerLogs } from './fake-logs';
import { FakeStore, GRADIENT } from './fake-store';

export { GRADIENT };

type Reply = { status: number; body: unknown };
type Handler = (ctx: {
  userId: string;
  params: string[];
  body: Record<string, unknown>;
  query: URLSearchParams;
}) => Reply;

const ok = (data: unknown, status = 200): Reply => ({ status, body: { success: true, data } });
const fail = (status: number, code: string, error: string): Reply => ({
  status,
  body: { success: false, error, code },
});
const notFound = (what = 'Network') => fail(404, 'NOT_FOUND', `${what} not found`);
const forbidden = () => fail(403, 'FORBIDDEN', 'You do not have permission to do this');

export class FakeApi extends FakeStore {
  /** Every network's audit entries (the audit routes and Recent Activity read them). */
  activity: AuditEntry[] = [];
  /** Per server, oldest first, as the console's log holds them. */
  consoleEntries = new Map<string, ConsoleEntry[]>();
  /** Every server's Logs lines (the routes filter, sort and page them). */
  logEntries: LogEntry[] = [];
  rcon = new Map<string, RconStatus>();
  /**
   * What GET .../connection answers per server (a bridge's or a plugin's state); without one, the
   * panel's RCON connection when set, else waiting.
   */
  connections = new Map<string, ServerConnection>();
  /** New F7 reports per server id (the server page's badge). */
  newReports = new Map<string, number>();
  /** The state a saved RCON connection starts in. */
  rconStateOnSave: RconState = 'connecting';
  /** Calls ("POST /api/networks") answered with this instead of the normal result. */
  failures = new Map<string, Reply>();
  /** Calls held until `release()`: lets a spec see a busy state. */
  held = new Set<string>();
  private pending: (() => void)[] = [];

  protected clear(): void {
    Object.assign(this, {
      networks: [],
      members: [],
      servers: [],
      invites: [],
      activity: [],
      logEntries: [],
      seq: 0,
      rconStateOnSave: 'connecting',
    });
    this.consoleEntries.clear();
    this.rcon.clear();
    this.connections.clear();
    this.failures.clear();
    this.held.clear();
    this.release();
  }

  release(): void {
    this.pending.splice(0).forEach((go) => go());
  }

  /** Adds entries to a server's console (oldest first). */
  addConsoleEntries(serverId: string, ...entries: ConsoleEntry[]): void {
    this.consoleEntries.set(serverId, [...(this.consoleEntries.get(serverId) ?? []), ...entries]);
  }

  /** Answers a logs route with a page of `entries` (the IPs only for players.viewIp, console lines for console.read). */
  private logsPage(role: Role, entries: LogEntry[], query: URLSearchParams): Reply {
    const readable = can(role, 'console.read')
      ? entries
      : entries.filter((entry) => entry.type !== 'console');
    const answer = answerLogs(readable, query, can(role, 'players.viewIp'));
    if (answer.ok) return ok(answer.data);
    return {
      status: 400,
      body: { success: false, error: 'Invalid input', code: 'VALIDATION_FAILED', details: answer.details },
    };
  }

  /** Runs `then` on the caller's server when they may `permission` in its network. */
  private onServer(
    userId: string,
    serverId: string,
    permission: Permission,
    then: (role: Role) => Reply,
  ): Reply {
    const server = this.servers.find((s) => s.id === serverId);
    if (!server) return notFound('Server');
    return this.guard(userId, server.networkId, permission, then);
  }

  /** Runs `then` when the caller may `permission` in the network: 404 for strangers, 403 else. */
  private guard(
    userId: string,
    networkId: string,
    permission: Permission,
    then: (role: Role) => Reply,
  ): Reply {
    const role = this.roleOf(userId, networkId);
    if (!role) return notFound();
    if (!can(role, permission)) return forbidden();
    return then(role);
  }

  private routes: Record<string, Handler> = {
    'GET /api/networks': ({ userId }) =>
      ok(
        this.networks
          .filter((n) => this.roleOf(userId, n.id))
          .map((n) => this.view(n, this.roleOf(userId, n.id)!)),
      ),
    'POST /api/networks': ({ userId, body }) => {
      const network = this.addNetwork(String(body.name), userId, {
        description: String(body.description ?? ''),
        gradient: (body.gradient as Gradient) ?? GRADIENT,
      });
      return ok(this.view(network, 'owner'), 201);
    },
    'GET /api/networks/:id': ({ userId, params: [id] }) =>
      this.guard(userId, id, 'network.view', (role) =>
        ok(
          this.view(
            this.networks.find((n) => n.id === id)!,
            role,
          ),
        ),
      ),
    'PATCH /api/networks/:id': ({ userId, params: [id], body }) =>
      this.guard(userId, id, 'network.settings', (role) => {
        const network = this.networks.find((n) => n.id === id)!;
        if (typeof body.name === 'string') network.name = body.name;
        if (typeof body.description === 'string') network.description = body.description;
        if (body.notifications) Object.assign(network.notifications, body.notifications);
        return ok(this.view(network, role));
      }),
    'DELETE /api/networks/:id': ({ userId, params: [id] }) =>
      this.guard(userId, id, 'network.delete', () => {
        this.networks = this.networks.filter((n) => n.id !== id);
        this.servers = this.servers.filter((s) => s.networkId !== id);
        return ok(null);
      }),
    'GET /api/networks/:id/members': ({ userId, params: [id] }) =>
      this.guard(userId, id, 'members.view', () => ({
        status: 200,
        body: { success: true, data: this.membersOf(id), error: null },
      })),
    'PATCH /api/networks/:id/members/:memberId': ({ userId, params: [id, memberId], body }) =>
      this.guard(userId, id, 'members.changeRole', () => {
        const member = this.membersOf(id).find((m) => m.id === memberId);
        if (!member) return notFound('Member');
        member.role = body.role as Role;
        return ok(member);
      }),
    'DELETE /api/networks/:id/members/:memberId': ({ userId, params: [id, memberId] }) =>
      this.guard(userId, id, 'members.remove', () => {
        this.members = this.members.filter((m) => m.id !== memberId);
        return ok(null);
      }),
    'POST /api/invites': ({ userId, body }) =>
      this.guard(userId, String(body.networkId), 'invites.manage', () =>
        ok(
          this.addInvite(String(body.networkId), `Q${String(this.seq).padStart(4, '0')}-BCDEF-GHIJK`, {
            role: body.role === 'moderator' ? 'moderator' : 'member',
            maxUses: Number(body.maxUses ?? 50),
            expiresAt: new Date(Date.now() + Number(body.expiresInHours ?? 168) * 3_600_000).toISOString(),
            metadata: (body.metadata as Invite['metadata']) ?? {},
          }),
          201,
        ),
      ),
    'DELETE /api/invites/:id': ({ userId, params: [id] }) => {
      const invite = this.invites.find((i) => i.id === id);
      if (!invite) return notFound('Invite');
      return this.guard(userId, invite.networkId, 'invites.manage', () => {
        invite.isActive = false;
        return ok(invite);
      });
    },
    'POST /api/servers/:id/token': ({ userId, params: [id] }) => {
      const server = this.servers.find((s) => s.id === id);
      if (!server) return notFound('Server');
      return this.guard(userId, server.networkId, 'servers.manage', () =>
        ok({ id: server.id, token: `opsrv_${server.id}_rotated${this.seq}` }),
      );
    },
    'GET /api/servers/network/:id': ({ userId, params: [id] }) =>
      this.guard(userId, id, 'network.view', () => ok(this.servers.filter((s) => s.networkId === id))),
    'POST /api/servers/network/:id': ({ userId, params: [id], body }) =>
      this.guard(userId, id, 'servers.manage', () => {
        const invalid = validateServerName(body.name);
        if (invalid) return fail(400, 'VALIDATION_FAILED', invalid);
        const server = this.addServer(id, String(body.name));
        return ok({ ...server, token: `opsrv_${server.id}_secret` }, 201);
      }),
    'DELETE /api/servers/:id': ({ userId, params: [id] }) => {
      const server = this.servers.find((s) => s.id === id);
      if (!server) return notFound('Server');
      return this.guard(userId, server.networkId, 'servers.manage', () => {
        this.servers = this.servers.filter((s) => s.id !== id);
        return ok(null);
      });
    },
    'GET /api/servers/:id': ({ userId, params: [id] }) => {
      const server = this.servers.find((s) => s.id === id);
      if (!server || !this.roleOf(userId, server.networkId)) return notFound('Server');
      return ok(server);
    },
    'GET /api/servers/:id/console': ({ userId, params: [id] }) =>
      this.onServer(userId, id, 'console.read', () => {
        const newestFirst = [...(this.consoleEntries.get(id) ?? [])].reverse();
        return ok({ entries: newestFirst.slice(0, 100), hasMore: newestFirst.length > 100 });
      }),
    'POST /api/servers/:id/console': ({ userId, params: [id], body }) =>
      this.onServer(userId, id, 'console.run', () => {
        const command = String(body.command ?? '');
        this.seq += 1;
        const entry: ConsoleEntry = {
          kind: 'command',
          id: `cmd-${this.seq}`,
          command,
          status: 'pending',
          output: null,
          by: { id: userId, name: userId },
          at: new Date(Date.UTC(2026, 0, 5, 12, 0, this.seq)).toISOString(),
          completedAt: null,
        };
        this.addConsoleEntries(id, entry);
        return ok({ id: entry.id }, 202);
      }),
    'GET /api/servers/:id/logs': ({ userId, params: [id], query }) =>
      this.onServer(userId, id, 'network.view', (role) =>
        this.logsPage(
          role,
          this.logEntries.filter((entry) => entry.serverId === id),
          query,
        ),
      ),
    'GET /api/networks/:id/logs': ({ userId, params: [id], query }) =>
      this.guard(userId, id, 'network.view', (role) => {
        const servers = new Set(this.servers.filter((s) => s.networkId === id).map((s) => s.id));
        return this.logsPage(
          role,
          this.logEntries.filter((entry) => servers.has(entry.serverId)),
          query,
        );
      }),
    'GET /api/servers/:id/rcon': ({ userId, params: [id] }) =>
      this.onServer(userId, id, 'servers.manage', () => {
        const rcon = this.rcon.get(id);
        return ok(rcon ?? null);
      }),
    'PUT /api/servers/:id/rcon': ({ userId, params: [id], body }) =>
      this.onServer(userId, id, 'servers.manage', () => {
        if (!body.password)
          return {
            status: 400,
            body: {
              success: false,
              error: 'Invalid input',
              code: 'VALIDATION_FAILED',
              details: [{ field: 'password', message: MESSAGES.rconPasswordRequired }],
            },
          };
        const rcon: RconStatus = {
          host: String(body.host),
          port: Number(body.port),
          state: this.rconStateOnSave,
          lastError: null,
          connectedAt: null,
          refusedAt: null,
        };
        this.rcon.set(id, rcon);
        return ok({ host: rcon.host, port: rcon.port, state: rcon.state });
      }),
    'GET /api/networks/:id/reports': ({ userId, params: [id] }) =>
      this.guard(userId, id, 'reports.work', () =>
        ok({
          reports: [],
          nextCursor: null,
          newCount: this.servers
            .filter((server) => server.networkId === id)
            .reduce((total, server) => total + (this.newReports.get(server.id) ?? 0), 0),
        }),
      ),
    'GET /api/servers/:id/reports': ({ userId, params: [id] }) =>
      this.onServer(userId, id, 'reports.work', () =>
        ok({ reports: [], nextCursor: null, newCount: this.newReports.get(id) ?? 0 }),
      ),
    'POST /api/servers/:id/rcon/retry': ({ userId, params: [id] }) =>
      this.onServer(userId, id, 'servers.manage', () => {
        const rcon = this.rcon.get(id);
        if (!rcon) return notFound('RCON connection');
        if (rcon.state !== 'connected')
          Object.assign(rcon, { state: 'connecting', lastError: null, refusedAt: null });
        return ok(rcon);
      }),
    'GET /api/servers/:id/connection': ({ userId, params: [id] }) =>
      this.onServer(userId, id, 'network.view', () => {
        const set = this.connections.get(id);
        if (set) return ok(set);
        const rcon = this.rcon.get(id);
        const waiting: ServerConnection = {
          via: null,
          state: 'waiting',
          detail: null,
          since: null,
          bridgeVersion: null,
        };
        return ok(
          rcon
            ? {
                via: 'panel',
                state: rcon.state,
                detail: rcon.lastError,
                since: rcon.refusedAt ?? rcon.connectedAt,
                bridgeVersion: null,
              }
            : waiting,
        );
      }),
    'DELETE /api/servers/:id/rcon': ({ userId, params: [id] }) =>
      this.onServer(userId, id, 'servers.manage', () => {
        this.rcon.delete(id);
        return ok(null);
      }),
    'GET /api/dashboard/summary': ({ userId }) => {
      const mine = this.networks.filter((n) => this.roleOf(userId, n.id)).map((n) => n.id);
      const servers = this.servers.filter((s) => mine.includes(s.networkId));
      return ok({
        networks: mine.length,
        totalServers: servers.length,
        onlinePlayers: servers.reduce((total, s) => total + s.playerCount, 0),
        serversOnline: servers.filter((s) => s.status === 'online').length,
      });
    },
    'GET /api/dashboard/activity': ({ userId }) =>
      ok({ entries: activityOf(this.activity, (networkId) => this.roleOf(userId, networkId)) }),
    'GET /api/networks/:id/audit': ({ userId, params: [id], query }) =>
      this.guard(userId, id, 'audit.view', () => ok(auditPage(this.activity, id, query))),
    'GET /api/networks/:id/audit.csv': ({ userId, params: [id], query }) =>
      this.guard(userId, id, 'audit.view', () => ok(auditCsvOf(this.activity, id, query))),
    'GET /api/invites/network/:id': ({ userId, params: [id] }) =>
      this.guard(userId, id, 'invites.manage', () => ok(this.invites.filter((i) => i.networkId === id))),
    'POST /api/invites/join': ({ userId, body }) => {
      const invite = this.invites.find((i) => i.code === body.inviteCode && i.isActive);
      if (!invite) return fail(404, 'NOT_FOUND', MESSAGES.inviteCodeInvalid);
      if (this.roleOf(userId, invite.networkId))
        return fail(409, 'CONFLICT', 'You are already a member of this network');
      this.addMember(invite.networkId, userId, invite.role);
      invite.currentUses += 1;
      return ok(
        this.view(
          this.networks.find((n) => n.id === invite.networkId)!,
          invite.role,
        ),
      );
    },
  };

  protected async answer({ method, path, body, userId, query }: FakeRequest): Promise<Reply> {
    for (const [pattern, handler] of Object.entries(this.routes)) {
      const [m, p] = pattern.split(' ');
      const match = new RegExp(`^${p.replace(/:\w+/g, '([^/]+)')}$`).exec(path);
      if (m !== method || !match) continue;
      const key = `${method} ${p}`;
      if (this.held.has(key)) await new Promise<void>((resolve) => this.pending.push(resolve));
      return (
        this.failures.get(key) ??
        (userId
          ? handler({ userId, params: match.slice(1), body, query })
          : fail(401, 'UNAUTHORIZED', 'Authentication required'))
      );
    }
    return fail(404, 'NOT_FOUND', `No route ${method} ${path}`);
  }
}
