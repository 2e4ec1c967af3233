import { routeFor } from './routes';

describe('routeFor', () => {
  it.each([
    ['/', 'landing'],
    ['/features', 'features'],
    ['/login', 'login'],
    ['/networks/n1', 'network-dashboard'],
    ['/networks/n1/s1', 'server-home'],
    ['/networks/n1/s1/players', 'server-players'],
    ['/networks/n1/profile/76561198000000000', 'player-profile'],
    ['/networks/', 'network-list'],
    // As the shell's router matches: without case.
    ['/Dashboard', 'dashboard'],
  ])('%s opens %s', (pathname, screen) => {
    expect(routeFor(pathname)?.screen).toBe(screen);
  });

  it('knows no route for an unknown address', () => {
    expect(routeFor('/nowhere/at/all')).toBeUndefined();
    expect(routeFor('/networks/n1/s1/nowhere')).toBeUndefined();
  });
});
