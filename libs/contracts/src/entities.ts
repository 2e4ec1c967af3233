// Entities and request/response DTOs of the product API (spec section 3). Dates travel as ISO
// strings because every value here crosses JSON; the API's DTOs implement these types so a
// change breaks compilation on both sides.
import type { InviteRole, Role } from './roles';

/** The fixed identity of demo mode (spec section 3). */
export const DEMO_USER_ID = 'demo-user-id';

export const PLANS = ['free', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

/** Session view of the signed-in user, in the identity API's (Appwrite) shape. */
export type SessionUser = {
  $id: string;
  email: string;
  name: string;
  emailVerification: boolean;
};

/** Profile view: what the user menu and the profile page need beyond the session. */
export type UserProfile = SessionUser & {
  /** Null until the user has picked one on the username setup screen. */
  username: string | null;
  avatar: string | null;
  isUpgraded: boolean;
  plan: Plan;
};

export const GRADIENT_DIRECTIONS = ['45deg', '135deg', '90deg', '0deg', '270deg', '180deg'] as const;
export type GradientDirection = (typeof GRADIENT_DIRECTIONS)[number];

export type Gradient = {
  from: string;
  to: string;
  direction: GradientDirection;
};

export type NetworkNotifications = {
  serverOffline: boolean;
  newMembers: boolean;
};

export type Network = {
  id: string;
  name: string;
  description: string;
  gradient: Gradient;
  /** The current user's role in this network. */
  role: Role;
  serverCount: number;
  memberCount: number;
  createdAt: string;
  notifications: NetworkNotifications;
  /**
   * What the network gets: its owner's plan, whoever reads it (every network is premium on a panel
   * that runs PLANS=off). A screen of a Premium area knows before asking whether it may.
   */
  plan: Plan;
};

export type CreateNetworkRequest = {
  name: string;
  description?: string;
  gradient?: Gradient;
};

export type UpdateNetworkRequest = {
  name?: string;
  description?: string;
  gradient?: Gradient;
  notifications?: Partial<NetworkNotifications>;
};

export type NetworkSettingsForm = {
  networkName: string;
  description: string;
  notifications: NetworkNotifications;
};

export type Member = {
  id: string;
  userId: string;
  userEmail: string;
  /** Empty or null when the user never set a name; the UI shows "Anonymous User". */
  userName: string | null;
  role: Role;
  joinedAt: string;
  /** When the user last used the panel (a sign-in or a renewed session); null when never seen. */
  lastActiveAt?: string | null;
  /** Who made the invite the member joined with; null for the owner and members who joined otherwise. */
  invitedBy?: { userId: string; name: string } | null;
};

export type UpdateMemberRoleRequest = {
  /** Ownership is never handed over through this call. */
  role: Exclude<Role, 'owner'>;
};

export type InviteMetadata = {
  /** Which screen made the invite, e.g. "network-dashboard". */
  createdFrom?: string;
};

export type Invite = {
  id: string;
  code: string;
  networkId: string;
  /** The role whoever joins with it gets. */
  role: InviteRole;
  maxUses: number;
  currentUses: number;
  isActive: boolean;
  expiresAt: string;
  createdAt: string;
  metadata: InviteMetadata;
};

export type CreateInviteRequest = {
  networkId: string;
  /** member (the default) or moderator. */
  role?: InviteRole;
  maxUses?: number;
  expiresInHours?: number;
  metadata?: InviteMetadata;
};

export type JoinInviteRequest = {
  inviteCode: string;
};

export const SERVER_STATUSES = ['online', 'offline', 'starting'] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

export type Server = {
  id: string;
  networkId: string;
  /** The name the admin gave it in the panel. */
  name: string;
  /** The hostname the game server reports; null until its first heartbeat. */
  actualName: string | null;
  status: ServerStatus;
  address: string;
  connectionAddress: string;
  playerCount: number;
  maxPlayers: number;
  map: string | null;
  /** Seconds since the game server started. */
  uptime: number;
  gradient?: Gradient;
  lastSeenAt?: string | null;
  createdAt: string;
  /**
   * Path of the server's ban check in the shape of Rust's centralized banning: set the game
   * server's `server.bansServerEndpoint` to the panel's origin + this path. It holds no token.
   */
  banCheckPath?: string;
  /**
   * Path of the server's F7 reports URL: set the game server's `server.reportsServerEndpoint` to
   * the panel's origin + this path, and `server.reportsServerEndpointKey` to `reportsKey`. Both
   * are sent only to those who manage servers (owner, admin): with them anyone can post reports.
   */
  reportsPath?: string;
  reportsKey?: string;
  /** What it reports through (outpost-bridge), for those who manage servers; null for a plugin. */
  agent?: ServerAgent | null;
};

/** The agent a server reports through, as its heartbeats name it (`User-Agent: outpost-bridge/1.2.3`). */
export type ServerAgent = {
  name: string;
  version: string;
  /** The address its heartbeats come from, as the panel sees it. */
  address: string | null;
  /** The panel's version when the agent is older than the panel (download it again); else null. */
  olderThanPanel: string | null;
};

export type CreateServerRequest = {
  name: string;
  connectionAddress?: string;
};

export type UpdateServerRequest = {
  name?: string;
  connectionAddress?: string;
  gradient?: Gradient;
};

/** The plugin token is returned once, on creation; only its hash is stored. */
export type CreateServerResponse = Server & { token: string };

export const PLAYER_STATUSES = ['online', 'offline', 'banned'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

export type Player = {
  id: string;
  steamId: string;
  displayName: string;
  status: PlayerStatus;
  /** Minutes played. */
  playtime: number;
  totalKills: number;
  totalDeaths: number;
  lastSeen: string;
  firstJoined: string;
  totalSessions: number;
  headshotPercentage: number;
  isAdmin: boolean;
  isModerator: boolean;
  /** Name of the server the player is on now, or null when offline. */
  currentServer: string | null;
  serverId: string | null;
  /** Only sent to owners, admins and moderators (permission players.viewIp). */
  ipAddress?: string | null;
  /** The ban that holds for the player now somewhere in the network (the newest), else null. */
  ban?: PlayerBan | null;
};

/** A ban that holds now: its end (null: permanent) and the seconds left until then. */
export type PlayerBan = {
  reason: string;
  expiresAt: string | null;
  timeLeftSeconds: number | null;
  scope: 'server' | 'network';
};

export const PLAYER_SORT_COLUMNS = [
  'displayName',
  'steamId',
  'status',
  'playtime',
  'totalKills',
  'totalDeaths',
  'totalSessions',
  'headshotPercentage',
  'lastSeen',
  'firstJoined',
] as const;
export type PlayerSortColumn = (typeof PLAYER_SORT_COLUMNS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export type PlayersQuery = {
  networkId: string;
  /**
   * One server's players: all who played there (a session), were punished there or were named in
   * its F7 reports, wherever they are now (each row's currentServer says where).
   */
  serverId?: string;
  search?: string;
  page?: number;
  limit?: number;
  sortBy?: PlayerSortColumn;
  sortOrder?: SortOrder;
};

export type PlayersListResponse = {
  players: Player[];
  totalCount: number;
  /**
   * More players match than totalCount: a search's count stops past 1,000 matches (counting a
   * million of them takes far longer than the page). hasNextPage stays exact.
   */
  totalCountCapped: boolean;
  currentPage: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
};

export const PLAYER_ACTIONS = ['kick', 'warn', 'ban'] as const;
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

export type PlayerActionRequest = {
  serverId: string;
  reason?: string;
  /** Ban only: empty or absent means permanent, else like "30m", "12h", "7d", "2w". */
  duration?: string;
  /** Ban only: this server, or (the default) every server of the network. */
  scope?: 'server' | 'network';
  /** The F7 report this punishes: it is linked to the punishment and resolved. */
  reportId?: string;
};

export type CheckUsernameRequest = { username: string };
export const USERNAME_UNAVAILABLE_REASONS = ['invalid', 'reserved', 'taken'] as const;
export type UsernameUnavailableReason = (typeof USERNAME_UNAVAILABLE_REASONS)[number];
/** `{available: true}`, or why not with a message for a person. */
export type CheckUsernameResponse = {
  available: boolean;
  reason?: UsernameUnavailableReason;
  message?: string;
};

/** The panel's live totals, the demo network's aside. */
export type PublicTotals = {
  networks: number;
  servers: number;
  onlineServers: number;
  /** Every player the panel's networks have seen. */
  players: number;
  onlinePlayers: number;
};

/** GET /api/public/stats: real aggregate numbers shown on the landing page (cached, public). */
export type PublicStats = {
  /** The panel's totals, or null when its operator keeps them private (PUBLIC_STATS off, the default). */
  totals: PublicTotals | null;
  /** The demo network's live numbers (simulated servers), or null when demo mode is off. */
  demo: { onlineServers: number; onlinePlayers: number } | null;
};
