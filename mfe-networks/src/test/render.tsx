// mfe-networks' specs render as a signed-in user against the fake product API.
import { routeFor } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { FakeApi } from './fake-api';

export { renderAs, testUser as userFor } from '@outpost/testing';

/** A fake API for one spec file: started before its tests, emptied after each, stopped at the end. */
export const setUpFakeApi = (): FakeApi => setUpFakeServer(new FakeApi());

/**
 * `route` with the registry's pattern the shell's router matches it by, for renderAs: the screen
 * reads its params as it does in the panel, and no spec types a pattern by hand.
 */
export const atRoute = (route: string): { route: string; path: string } => {
  const path = routeFor(route.replace(/[?#].*$/, ''))?.path;
  if (!path) throw new Error(`${route} is not a route of the panel`);
  return { route, path };
};
