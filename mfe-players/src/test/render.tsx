// mfe-players' specs render as a signed-in (or demo) user against the fake players API.
import { routeFor } from '@outpost/contracts';
import { setUpFakeServer } from '@outpost/testing';
import { FakePlayersApi } from './fake-players-api';

export { renderAs } from '@outpost/testing';

/** A fake API for one spec file: started before its tests, emptied after each, stopped at the end. */
export const setUpFakePlayersApi = (): FakePlayersApi => setUpFakeServer(new FakePlayersApi());

/**
 * `route` with the registry's pattern the shell's router matches it by, for renderAs: the screen
 * reads its params as it does in the panel, and no spec types a pattern by hand.
 */
export const atRoute = (route: string): { route: string; path: string } => {
  const path = routeFor(route.replace(/[?#].*$/, ''))?.path;
  if (!path) throw new Error(`${route} is not a route of the panel`);
  return { route, path };
};
