import path from 'node:path';
import { paths, ROUTES } from '@outpost/contracts';
import { handTypedPaths } from '@outpost/testing';
import { atRoute } from './render';

describe('paths in mfe-networks', () => {
  it('are never typed by hand, in screens or in specs', () => {
    expect(handTypedPaths(path.join(__dirname, '..'))).toEqual([]);
  });

  it('render a screen under the pattern the shell routes its address by', () => {
    const serverHome = ROUTES.find((route) => route.screen === 'server-home')?.path;
    expect(atRoute(paths.server('n1', 's1'))).toEqual({ route: paths.server('n1', 's1'), path: serverHome });
    expect(() => atRoute('/nowhere/at/all')).toThrow('/nowhere/at/all is not a route of the panel');
  });
});
