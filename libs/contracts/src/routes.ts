// The route table of the product (spec section 2): one typed registry used by the shell's router,
// the route guard, every remote's links, and the e2e tests. Never hand-type a path elsewhere.

import type { Permission } from './roles';

export const REMOTE_NAMES = ['landing', 'account', 'networks', 'players'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * marketing: passes freely (landing, features, footer pages); no user is fetched.
 * public: reachable signed out; the guard never redirects.
 * login: the user is fetched; a signed-in user is sent to the network list.
 * auth: the user is fetched; a signed-out user is sent to /login.
 */
export const ROUTE_ACCESS = ['marketing', 'public', 'login', 'auth'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** A server's areas (spec section 2), in the order its area navigation lists them. */
export const SERVER_AREAS = [
  'console',
  'logs',
  'map',
  'players',
  'profile',
  'punishments',
  'suspicious',
  'metrics',
  'alerts',
  'audit',
  'members',
] as const;
export type ServerArea = (typeof SERVER_AREAS)[number];

export type ServerAreaDef = {
  label: string;
  /** The remote that renders it: server operations in networks, players and moderation in players. */
  owner: RemoteName;
  /** The permission its link and screen need; none means every member sees it. */
  permission?: Permission;
};

/** Every server area with its owner remote, its name in the area navigation and who may open it. */
export const SERVER_AREA_DEFS: Readonly<Record<ServerArea, ServerAreaDef>> = {
  console: { label: 'Console', owner: 'networks', permission: 'console.read' },
  logs: { label: 'Logs', owner: 'networks' },
  map: { label: 'Map', owner: 'networks' },
  players: { label: 'Players', owner: 'players' },
  profile: { label: 'Player Profile', owner: 'players' },
  punishments: { label: 'Punishments', owner: 'players' },
  suspicious: { label: 'Suspicious Activity', owner: 'networks', permission: 'players.moderate' },
  metrics: { label: 'Metrics', owner: 'networks' },
  alerts: { label: 'Alerts', owner: 'networks' },
  audit: { label: 'Audit Log', owner: 'networks', permission: 'audit.view' },
  members: { label: 'Members', owner: 'networks', permission: 'members.view' },
};

export const isServerArea = (value: unknown): value is ServerArea =>
  typeof value === 'string' && (SERVER_AREAS as readonly string[]).includes(value);

export const FOOTER_PAGES = [
  'docs',
  'about',
  'blog',
  'careers',
  'contact',
  'help',
  'status',
  'api',
  'privacy',
  'terms',
] as const;
export type FooterPage = (typeof FOOTER_PAGES)[number];

/** The footer pages' names, as the footer links them and their pages title them. */
export const FOOTER_PAGE_TITLES: Readonly<Record<FooterPage, string>> = {
  docs: 'Documentation',
  about: 'About',
  blog: 'Blog',
  careers: 'Careers',
  contact: 'Contact',
  help: 'Help',
  status: 'Status',
  api: 'API',
  privacy: 'Privacy',
  terms: 'Terms',
};

/** The footer's groups of pages. */
export const FOOTER_GROUPS: readonly { title: string; pages: readonly FooterPage[] }[] = [
  { title: 'Product', pages: ['docs', 'api', 'status'] },
  { title: 'Company', pages: ['about', 'blog', 'careers', 'contact'] },
  { title: 'Support', pages: ['help', 'privacy', 'terms'] },
];

export type RouteDef = {
  /** Stable id of the screen; a remote's Routes module maps it to a component. */
  screen: string;
  /** react-router path pattern. */
  path: string;
  access: RouteAccess;
  /** The remote that renders it, or 'shell' for the shell's own pages. */
  owner: RemoteName | 'shell';
};

// The route table is built by calls, marked pure: a bundle that uses only `paths` or the footer's
// names (the landing remote) drops the table.
const footerRoutes: RouteDef[] = /* @__PURE__ */ FOOTER_PAGES.map((page) => ({
  screen: `page-${page}`,
  path: `/${page}`,
  access: 'marketing',
  owner: 'landing',
}));

const serverAreaRoutes: RouteDef[] = /* @__PURE__ */ SERVER_AREAS.map((area) => ({
  screen: `server-${area}`,
  path: `/networks/:networkId/:serverId/${area}`,
  access: 'auth',
  owner: SERVER_AREA_DEFS[area].owner,
}));

export const ROUTES: readonly RouteDef[] = /* @__PURE__ */ ((): RouteDef[] => [
  { screen: 'landing', path: '/', access: 'marketing', owner: 'landing' },
  { screen: 'features', path: '/features', access: 'marketing', owner: 'landing' },
  ...footerRoutes,
  { screen: 'login', path: '/login', access: 'login', owner: 'account' },
  { screen: 'oauth-success', path: '/auth/oauth/success', access: 'public', owner: 'account' },
  { screen: 'oauth-failure', path: '/auth/oauth/failure', access: 'public', owner: 'account' },
  { screen: 'magic-link', path: '/auth/magic-link', access: 'public', owner: 'account' },
  { screen: 'setup-username', path: '/auth/setup-username', access: 'auth', owner: 'account' },
  { screen: 'profile', path: '/profile', access: 'auth', owner: 'account' },
  { screen: 'plan', path: '/plan', access: 'auth', owner: 'account' },
  { screen: 'dashboard', path: '/dashboard', access: 'auth', owner: 'networks' },
  { screen: 'network-list', path: '/networks', access: 'auth', owner: 'networks' },
  { screen: 'network-dashboard', path: '/networks/:networkId', access: 'auth', owner: 'networks' },
  {
    screen: 'player-profile',
    path: '/networks/:networkId/profile/:steamId',
    access: 'auth',
    owner: 'players',
  },
  { screen: 'server-home', path: '/networks/:networkId/:serverId', access: 'auth', owner: 'networks' },
  ...serverAreaRoutes,
  { screen: 'error-unauthorized', path: '/error/unauthorized', access: 'public', owner: 'shell' },
  { screen: 'error-server', path: '/error/server', access: 'public', owner: 'shell' },
])();

/**
 * The route an address opens, by the same patterns as the shell's router (a plain matcher, so
 * the shell can use it before the router loads and the server can use it at all).
 */
export const routeFor = (pathname: string): RouteDef | undefined =>
  ROUTE_PATTERNS.find(({ pattern }) => pattern.test(pathname))?.route;

const ROUTE_PATTERNS = /* @__PURE__ */ ROUTES.map((route) => ({
  route,
  // Without case, as react-router matches by default: /Dashboard opens the dashboard.
  pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i'),
}));

/** Link builders: the only way code writes a path. */
export const paths = {
  landing: () => '/',
  landingSection: (anchor: 'features' | 'pricing' | 'demo') => `/#${anchor}`,
  features: () => '/features',
  footer: (page: FooterPage) => `/${page}`,
  /** The API's OpenAPI reference (served by the API, not a route of the web app). */
  apiDocs: () => '/api/docs',
  login: () => '/login',
  oauthSuccess: () => '/auth/oauth/success',
  oauthFailure: () => '/auth/oauth/failure',
  magicLink: () => '/auth/magic-link',
  setupUsername: () => '/auth/setup-username',
  profile: () => '/profile',
  plan: () => '/plan',
  dashboard: () => '/dashboard',
  networks: () => '/networks',
  network: (networkId: string) => `/networks/${encodeURIComponent(networkId)}`,
  server: (networkId: string, serverId: string) =>
    `/networks/${encodeURIComponent(networkId)}/${encodeURIComponent(serverId)}`,
  serverArea: (networkId: string, serverId: string, area: ServerArea) =>
    `${paths.server(networkId, serverId)}/${area}`,
  /**
   * A server's players area with a player's action dialog open (e.g. Punish on the Suspicious
   * Activity list): ?player=<steamId>&action=kick|warn|ban.
   */
  playerAction: (networkId: string, serverId: string, steamId: string, action: 'kick' | 'warn' | 'ban') =>
    `${paths.serverArea(networkId, serverId, 'players')}?${new URLSearchParams({ player: steamId, action })}`,
  playerProfile: (networkId: string, steamId: string) =>
    `/networks/${encodeURIComponent(networkId)}/profile/${encodeURIComponent(steamId)}`,
  errorUnauthorized: () => '/error/unauthorized',
  errorServer: () => '/error/server',
} as const;

/** Props every remote's exposed `./Routes` component receives from the shell. */
export type RemoteRoutesProps = { screen: string };
