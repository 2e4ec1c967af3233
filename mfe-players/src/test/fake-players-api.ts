// A small fake of the product API's players calls (spec section 7) on a real local HTTP server, so
// the screens run through the real base query with no fetch mocks. The caller is the user named by
// the bearer token; specs preload auth.jwt with that id.
import {
  can,
  DEFAULT_NOTIFICATIONS,
  PLAYER_COMMAND_TTL_SECONDS,
  type CommandItem,
  DEFAULT_REASONS,
  type Network,
  type Player,
  type PlayerAction,
  type PlayerNote,
  type PlayerProfile,
  type PunishmentItem,
  type ReportItem,
  type Role,
  type Server,
  type ServerConnection,
} from '@outpost/contracts';
import { FakeHttpApi, type FakeReply, type FakeRequest } from '@outpost/testing';
import { addPlayerNoteSchema, unbanSchema, validateRequest, zodIssuesToDetails } from '@outpost/validation';
import { answerModeration, punishmentOf } from './fake-moderation';

type Reply = FakeReply;

const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
const fail = (status: number, code: string, error: string): Reply => ({
  status,
  body: { success: false, error, code },
});

const NOW = Date.now();
const compare = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

export class FakePlayersApi extends FakeHttpApi {
  network: Omit<Network, 'role'> = {
    id: 'net-1',
    name: 'Rust Legends',
    description: '',
    gradient: { from: '#3b82f6', to: '#1d4ed8', direction: '135deg' },
    serverCount: 0,
    memberCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    notifications: { ...DEFAULT_NOTIFICATIONS },
    plan: 'free',
  };
  roles = new Map<string, Role>();
  servers: Server[] = [];
  players: Player[] = [];
  profiles = new Map<string, Omit<PlayerProfile, 'player'>>();
  /** The Punishments area's lists (test/fake-moderation.ts builds their items). */
  punishments: PunishmentItem[] = [];
  reports: ReportItem[] = [];
  /** The commands the actions sent, by id: a spec sets their outcome. */
  commands = new Map<string, CommandItem>();
  /** "METHOD /pattern" answered with this instead. */
  failures = new Map<string, Reply>();
  /** The network's watch list (its player_joins alert rule). */
  watched = new Set<string>();
  /** What GET /api/servers/:id/connection answers per server; waiting when not set. */
  connections = new Map<string, ServerConnection>();

  protected clear(): void {
    this.connections.clear();
    this.watched.clear();
    this.roles.clear();
    this.servers = [];
    this.players = [];
    this.profiles.clear();
    this.punishments = [];
    this.reports = [];
    this.commands.clear();
    this.failures.clear();
  }

  addServer(name: string, extra: Partial<Server> = {}): Server {
    const server: Server = {
      id: `srv-${this.servers.length + 1}`,
      networkId: this.network.id,
      name,
      actualName: null,
      status: 'online',
      address: '',
      connectionAddress: '127.0.0.1:28015',
      playerCount: 0,
      maxPlayers: 50,
      map: 'Procedural Map',
      uptime: 3600,
      createdAt: '2026-01-01T00:00:00.000Z',
      ...extra,
    };
    this.servers.push(server);
    return server;
  }

  addPlayer(displayName: string, extra: Partial<Player> = {}): Player {
    const n = this.players.length + 1;
    const player: Player = {
      id: `pl-${n}`,
      steamId: `7656119800000${String(n).padStart(4, '0')}`,
      displayName,
      status: 'offline',
      playtime: 60 * n,
      totalKills: n,
      totalDeaths: 1,
      lastSeen: minutesAgo(n * 5),
      firstJoined: '2026-01-02T00:00:00.000Z',
      totalSessions: n,
      headshotPercentage: 10,
      isAdmin: false,
      isModerator: false,
      currentServer: null,
      serverId: null,
      ...extra,
    };
    this.players.push(player);
    return player;
  }

  private list(query: URLSearchParams, role: Role): Reply {
    const search = query.get('search')?.toLowerCase() ?? '';
    const serverId = query.get('serverId');
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 20);
    const sortBy = (query.get('sortBy') ?? 'lastSeen') as keyof Player;
    const direction = query.get('sortOrder') === 'asc' ? 1 : -1;
    const matches = this.players
      .filter((p) => !serverId || p.serverId === serverId)
      .filter(
        (p) =>
          !search ||
          p.displayName.toLowerCase().includes(search) ||
          p.steamId.includes(search) ||
          (can(role, 'players.viewIp') && (p.ipAddress ?? '').includes(search)),
      )
      .sort((a, b) => compare(a[sortBy], b[sortBy]) * direction);
    const totalPages = Math.ceil(matches.length / limit);
    return ok({
      players: matches.slice((page - 1) * limit, page * limit),
      totalCount: matches.length,
      totalCountCapped: false,
      currentPage: page,
      totalPages,
      hasNextPage: page < totalPages,
      hasPreviousPage: page > 1,
    });
  }

  private moderate(steamId: string, action: string, body: Record<string, unknown>, role: Role): Reply {
    if (!can(role, 'players.moderate'))
      return fail(403, 'FORBIDDEN', 'You do not have permission to do this');
    const player = this.players.find((p) => p.steamId === steamId);
    if (!player) return fail(404, 'NOT_FOUND', 'Player not found');
    const server = this.servers.find((s) => s.id === body.serverId);
    if (!server) return fail(404, 'NOT_FOUND', 'Server not found');
    if ((action === 'kick' || action === 'warn') && player.serverId !== server.id)
      return fail(409, 'CONFLICT', `${player.displayName} is not on ${server.name}`);
    if (action === 'ban') {
      player.status = 'banned';
      // The fake takes '7d' and the like only: enough for the detail to show a timed ban.
      const days = /^(\d+)d$/.exec(String(body.duration ?? ''))?.[1];
      const seconds = days ? Number(days) * 86_400 : null;
      player.ban = {
        reason: String(body.reason ?? DEFAULT_REASONS.ban),
        expiresAt: seconds ? new Date(Date.now() + seconds * 1000).toISOString() : null,
        timeLeftSeconds: seconds,
        scope: body.scope === 'server' ? 'server' : 'network',
      };
    }
    if (action === 'unban') {
      // As the API's rule: an unban says why.
      const judged = validateRequest(unbanSchema, body);
      if (!judged.success) return fail(400, 'VALIDATION_FAILED', judged.error);
      player.status = 'offline';
      player.ban = null;
    }
    const reason = typeof body.reason === 'string' ? body.reason : DEFAULT_REASONS[action as PlayerAction];
    if (action !== 'unban') {
      const item = punishmentOf({ steamId, name: player.displayName }, server, {
        kind: action as PlayerAction,
        reason,
        issuedAt: new Date().toISOString(),
        scope: body.scope === 'server' || action !== 'ban' ? 'server' : 'network',
        state: action === 'ban' ? 'active' : null,
      });
      this.punishments.push(item);
      // A punishment from a report links it and resolves it.
      const report = this.reports.find((candidate) => candidate.id === body.reportId);
      if (report) Object.assign(report, { punishmentId: item.id, state: 'resolved' });
    }
    const commandId = `cmd-${this.calls.length}`;
    const now = Date.now();
    const command: CommandItem = {
      id: commandId,
      serverId: server.id,
      type: action as CommandItem['type'],
      status: 'pending',
      output: null,
      createdAt: new Date(now).toISOString(),
      deliveredAt: null,
      completedAt: null,
      expiresAt:
        action === 'kick' || action === 'warn'
          ? new Date(now + PLAYER_COMMAND_TTL_SECONDS * 1000).toISOString()
          : null,
    };
    this.commands.set(commandId, command);
    // Queued for the chosen server: the fake sends nothing anywhere else.
    const queued = {
      status: command.status,
      output: null,
      at: command.createdAt,
      expiresAt: command.expiresAt,
    };
    return ok({
      punishment: {
        id: `pun-${this.calls.length}`,
        type: action,
        reason,
        issuedBy: 'ana',
        issuedAt: new Date().toISOString(),
        expiresAt: null,
        active: action === 'ban',
        serverId: server.id,
        serverName: server.name,
        delivery: action === 'kick' || action === 'warn' ? queued : null,
        deliveries: [
          { ...queued, serverId: server.id, serverName: server.name, command: action as PlayerAction },
        ],
      },
      commandId,
    });
  }

  /** A player's notes by hand: POST adds (newest first), DELETE removes; players.moderate. */
  private notes(
    method: string,
    steamId: string,
    noteId: string | undefined,
    body: unknown,
    userId: string,
    role: Role,
  ): Reply {
    if (!can(role, 'players.moderate'))
      return fail(403, 'FORBIDDEN', 'You do not have permission to do this');
    if (!this.players.some((p) => p.steamId === steamId)) return fail(404, 'NOT_FOUND', 'Player not found');
    const profile = this.profileOf(steamId);
    const notes = profile.notes ?? [];
    if (method === 'DELETE' && noteId) {
      if (!notes.some((note) => note.id === noteId)) return fail(404, 'NOT_FOUND', 'Note not found');
      profile.notes = notes.filter((note) => note.id !== noteId);
      return ok(null);
    }
    if (method !== 'POST' || noteId) return fail(404, 'NOT_FOUND', `No route ${method}`);
    const parsed = addPlayerNoteSchema.safeParse(body);
    if (!parsed.success) {
      const details = zodIssuesToDetails(parsed.error);
      return {
        status: 400,
        body: { success: false, error: details[0]?.message, code: 'VALIDATION_FAILED', details },
      };
    }
    const note: PlayerNote = {
      id: `note-${this.calls.length}`,
      text: parsed.data.text,
      authorId: userId,
      authorName: userId,
      createdAt: new Date().toISOString(),
    };
    profile.notes = [note, ...notes];
    return { status: 201, body: { success: true, data: note } };
  }

  /** The player's profile data, empty unless the spec set it; a spec may change it (its notes). */
  profileOf(steamId: string): Omit<PlayerProfile, 'player'> {
    const found = this.profiles.get(steamId);
    if (found) return found;
    const fresh = { groups: [], sessions: [], punishments: [], chat: [], activity: [] };
    this.profiles.set(steamId, fresh);
    return fresh;
  }

  private route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    userId: string,
  ): Reply {
    const role = this.roles.get(userId);
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/api\/networks\/([^/]+)$/.exec(path))) {
      if (!role || match[1] !== this.network.id) return fail(404, 'NOT_FOUND', 'Network not found');
      return ok({ ...this.network, role });
    }
    if (!role) return fail(404, 'NOT_FOUND', 'Network not found');
    const moderation = answerModeration(
      {
        networkId: this.network.id,
        servers: this.servers,
        roles: this.roles,
        punishments: this.punishments,
        reports: this.reports,
      },
      { method, path, query, body, userId, role },
    );
    if (moderation) return moderation;
    if ((match = /^\/api\/networks\/[^/]+\/alert-rules\/watched-players(?:\/([^/]+))?$/.exec(path))) {
      if (!can(role, 'alerts.manage')) return fail(403, 'FORBIDDEN', 'You do not have permission to do this');
      const steamId = match[1];
      if (method === 'GET' && !steamId) return ok([...this.watched]);
      if (method === 'PUT' && steamId) this.watched.add(steamId);
      if (method === 'DELETE' && steamId) this.watched.delete(steamId);
      return ok(null);
    }
    if (method === 'GET' && /^\/api\/servers\/network\/[^/]+$/.test(path)) return ok(this.servers);
    if (method === 'GET' && (match = /^\/api\/servers\/([^/]+)\/connection$/.exec(path)))
      return ok(
        this.connections.get(match[1]) ?? {
          via: null,
          state: 'waiting',
          detail: null,
          since: null,
          bridgeVersion: null,
        },
      );
    if (method === 'GET' && path === '/api/players') return this.list(query, role);
    if (method === 'GET' && (match = /^\/api\/players\/([^/]+)$/.exec(path))) {
      const player = this.players.find((p) => p.steamId === match![1]);
      if (!player) return fail(404, 'NOT_FOUND', 'Player not found');
      const { notes, ...rest } = this.profileOf(player.steamId);
      // As the API: notes for those who work reports or moderate players, absent for the others.
      const readsNotes = can(role, 'reports.work') || can(role, 'players.moderate');
      return ok({ player, ...rest, ...(readsNotes ? { notes: notes ?? [] } : {}) });
    }
    if ((match = /^\/api\/networks\/[^/]+\/players\/([^/]+)\/notes(?:\/([^/]+))?$/.exec(path)))
      return this.notes(method, match[1], match[2], body, userId, role);
    if (method === 'GET' && (match = /^\/api\/servers\/([^/]+)\/commands\/([^/]+)$/.exec(path))) {
      const command = this.commands.get(match[2]);
      if (!command || command.serverId !== match[1]) return fail(404, 'NOT_FOUND', 'Command not found');
      return ok(command);
    }
    if (method === 'POST' && (match = /^\/api\/players\/([^/]+)\/(kick|warn|ban|unban)$/.exec(path)))
      return this.moderate(match[1], match[2], body, role);
    return fail(404, 'NOT_FOUND', `No route ${method} ${path}`);
  }

  protected answer({ method, path, query, body, userId }: FakeRequest): Reply {
    const pattern = `${method} ${path
      .replace(/^\/api\/players\/[^/]+/, '/api/players/:steamId')
      .replace(/\/watched-players\/[^/]+$/, '/watched-players/:steamId')
      .replace(/^\/api\/networks\/[^/]+\/players\/[^/]+\/notes(\/[^/]+)?$/, (_all, note?: string) =>
        note
          ? '/api/networks/:id/players/:steamId/notes/:noteId'
          : '/api/networks/:id/players/:steamId/notes',
      )}`;
    return (
      this.failures.get(pattern) ??
      (userId
        ? this.route(method, path, query, body, userId)
        : fail(401, 'UNAUTHORIZED', 'Authentication required'))
    );
  }
}
