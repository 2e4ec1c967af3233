import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routeFor } from '@outpost/contracts';

/**
 * `route` with the registry's pattern the shell's router matches it by, for renderAs: the screen
 * reads its params as it does in the panel, and no spec types a pattern by hand.
 */
export const atRoute = (route: string): { route: string; path: string } => {
  const pattern = routeFor(route.replace(/[?#].*$/, ''))?.path;
  if (!pattern) throw new Error(`${route} is not a route of the panel`);
  return { route, path: pattern };
};

/** A quoted string that starts like a panel address: those come from the route registry. */
const HAND_TYPED_PATH = /['"`]\/networks\b/;

/** The source files under `root` (relative to it) that type a panel address by hand. */
export const handTypedPaths = (root: string): string[] =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => HAND_TYPED_PATH.test(readFileSync(path.join(root, file), 'utf8')));
