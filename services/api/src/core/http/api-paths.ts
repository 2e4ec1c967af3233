// Which part of the server a path belongs to. Each part answers errors in its own shape:
// /api the product envelope, /v1 Appwrite's {message, code, type}, the rest plain text. Compared
// without case, as Express routes: /API/networks is the same route and gets the same checks.
const under = (path: string, prefix: string): boolean => {
  const lower = path.toLowerCase();
  return lower === prefix || lower.startsWith(`${prefix}/`);
};

/** The product API lives under /api/; `/api` itself is the web app's page about it (a footer page). */
export const isApiPath = (path: string): boolean => path.toLowerCase().startsWith('/api/');
export const isIdentityPath = (path: string): boolean => under(path, '/v1');

/**
 * What Discord calls or sends a browser to: its signed interactions, the bot install's way back,
 * and the way there (a browser navigation, which carries the session cookie but no header).
 */
const DISCORD_PATHS = [
  /^\/api\/discord\/(interactions|install\/callback)\/?$/i,
  /^\/api\/networks\/[^/]+\/discord\/install\/?$/i,
];

/** The product API minus its docs, the plugin API (game servers use server tokens instead) and Discord's calls. */
export const requiresApiKey = (path: string): boolean =>
  isApiPath(path) &&
  !under(path, '/api/docs') &&
  path.toLowerCase() !== '/api/docs-json' &&
  !under(path, '/api/plugin/v1') &&
  !DISCORD_PATHS.some((pattern) => pattern.test(path));

/**
 * Paths the server's own parts answer (the web app never does): /api/, /v1, /health, /remotes,
 * /downloads.
 */
export const isServerPath = (path: string): boolean =>
  isApiPath(path) || ['/v1', '/health', '/remotes', '/downloads'].some((prefix) => under(path, prefix));

/** The request path without its query string (which can carry secrets such as magic-link tokens). */
export const pathOf = (originalUrl: string): string => originalUrl.split('?')[0] ?? originalUrl;
