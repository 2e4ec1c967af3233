// Business constants and limits (spec section 9), shared by the forms, the API and the tests.
import type {
  Gradient,
  NetworkNotifications,
  PlayerAction,
  PlayerSortColumn,
  ServerStatus,
  SortOrder,
} from './entities';

export const PLAYERS_PAGE_SIZE = 20;
export const PLAYERS_MAX_PAGE_SIZE = 100;
export const DEFAULT_PLAYER_SORT: { sortBy: PlayerSortColumn; sortOrder: SortOrder } = {
  sortBy: 'lastSeen',
  sortOrder: 'desc',
};

/** An invite made through the API without options: 50 uses, 7 days. */
export const DEFAULT_INVITE = { maxUses: 50, expiresInHours: 168 } as const;
/** The invite the network dashboard offers first: 1 use, 24 hours. */
export const DASHBOARD_INVITE = { maxUses: 1, expiresInHours: 24 } as const;
export const INVITE_MAX_USES = 100;
/** One year. */
export const INVITE_MAX_EXPIRES_IN_HOURS = 8760;

export const DEFAULT_NETWORK_DESCRIPTION = 'New network ready for your servers';
export const DEFAULT_GRADIENT: Gradient = { from: '#3b82f6', to: '#1d4ed8', direction: '135deg' };

/** New networks pick one of these at random; the first is the default. */
export const PRESET_GRADIENTS: readonly Gradient[] = [
  DEFAULT_GRADIENT,
  { from: '#8b5cf6', to: '#6d28d9', direction: '135deg' },
  { from: '#10b981', to: '#047857', direction: '135deg' },
  { from: '#f59e0b', to: '#d97706', direction: '45deg' },
  { from: '#ef4444', to: '#b91c1c', direction: '135deg' },
  { from: '#ec4899', to: '#be185d', direction: '90deg' },
  { from: '#06b6d4', to: '#0e7490', direction: '45deg' },
  { from: '#6366f1', to: '#4338ca', direction: '180deg' },
];

/** Settings tab defaults: server offline alerts on, new member joins off. */
export const DEFAULT_NOTIFICATIONS: NetworkNotifications = { serverOffline: true, newMembers: false };

export const DEFAULT_MAX_PLAYERS = 8;

export const DEFAULT_REASONS: Readonly<Record<PlayerAction, string>> = {
  kick: 'Kicked by administrator',
  warn: 'Warning issued by administrator',
  ban: 'Banned by administrator',
};

/** Maximum lengths in characters. */
export const LIMITS = {
  serverName: 50,
  networkName: 100,
  description: 500,
  address: 255,
} as const;

export const DEFAULT_STATUS_GRADIENT: Gradient = DEFAULT_GRADIENT;
export const STATUS_GRADIENTS: Readonly<Record<ServerStatus, Gradient>> = {
  online: { from: '#22c55e', to: '#15803d', direction: '135deg' },
  offline: { from: '#ef4444', to: '#b91c1c', direction: '135deg' },
  starting: { from: '#f59e0b', to: '#b45309', direction: '135deg' },
};

/** Gradient for a status; an unknown status gets the default blue (spec section 4). */
export const statusGradient = (status: string | null | undefined): Gradient =>
  status != null && Object.hasOwn(STATUS_GRADIENTS, status)
    ? STATUS_GRADIENTS[status as ServerStatus]
    : DEFAULT_STATUS_GRADIENT;

/** Where the embedded chat widget comes from (the page's CSP allows it when one is configured). */
export const COMMUNITY_WIDGET_ORIGIN = 'https://discord.com';

/** The page the widget's frame shows (the CSP allows frames of this page alone). */
export const COMMUNITY_WIDGET_PAGE = `${COMMUNITY_WIDGET_ORIGIN}/widget`;

/** The chat server's widget, as the landing page embeds it. */
export const communityWidgetUrl = (serverId: string): string =>
  `${COMMUNITY_WIDGET_PAGE}?id=${encodeURIComponent(serverId)}&theme=dark`;

/**
 * The widget's public data: answered only while the chat service is reachable and the server's
 * widget is turned on, so the page asks it before showing the frame.
 */
export const communityWidgetProbeUrl = (serverId: string): string =>
  `${COMMUNITY_WIDGET_ORIGIN}/api/guilds/${encodeURIComponent(serverId)}/widget.json`;
