import { paths, type RouteAccess } from '@outpost/contracts';

/** What the shell knows about the current user when a route is entered. */
export type GuardAuth =
  | { status: 'unknown' }
  | { status: 'loading' }
  | { status: 'signed-out' }
  /** The identity backend itself failed (not a plain "not signed in"). */
  | { status: 'failed' }
  | { status: 'signed-in'; name: string };

export type GuardDecision = { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

/** For auth routes and login the current user is fetched; other routes never ask. */
export const needsCurrentUser = (access: RouteAccess): boolean => access === 'auth' || access === 'login';

/** The route guard of the spec (section 2), as a pure function of the route and the auth state. */
export const decideRoute = (access: RouteAccess, pathname: string, auth: GuardAuth): GuardDecision => {
  if (!needsCurrentUser(access)) return { kind: 'render' };
  switch (auth.status) {
    case 'unknown':
    case 'loading':
      return { kind: 'wait' };
    case 'failed':
      return access === 'auth' ? { kind: 'redirect', to: paths.landing() } : { kind: 'render' };
    case 'signed-out':
      return access === 'auth' ? { kind: 'redirect', to: paths.login() } : { kind: 'render' };
    case 'signed-in':
      if (auth.name.trim() === '' && pathname !== paths.setupUsername())
        return { kind: 'redirect', to: paths.setupUsername() };
      return access === 'login' ? { kind: 'redirect', to: paths.networks() } : { kind: 'render' };
  }
};
