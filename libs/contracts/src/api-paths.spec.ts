import { API_METHODS, API_PATHS } from './api-paths';

const routes = Object.entries(API_PATHS);

describe('API_PATHS', () => {
  it('names each route of the API once', () => {
    const keys = routes.map(([, route]) => `${route.method} ${route.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [, route] of routes) {
      expect(API_METHODS).toContain(route.method);
      expect(route.pattern).toMatch(/^\/api\//);
    }
  });

  it('builds a path by filling the params in order, each URL-encoded', () => {
    expect(API_PATHS.getNetworks.path()).toBe('/api/networks');
    expect(API_PATHS.updateNetworkMember.path('n 1', 'm/2')).toBe('/api/networks/n%201/members/m%2F2');
    expect(API_PATHS.exportAuditLog.path('n1')).toBe('/api/networks/n1/audit.csv');
    expect(API_PATHS.gameBanCheck.path('s1', 'sig', '7656')).toBe('/api/plugin/v1/ban-check/s1/sig/7656');
  });

  it('gives the method with the path, as a request', () => {
    expect(API_PATHS.deleteNetwork.request('n?1')).toEqual({ url: '/api/networks/n%3F1', method: 'DELETE' });
  });

  it('leaves no param of any route unfilled', () => {
    for (const [, route] of routes) {
      const arity = route.pattern.split(':').length - 1;
      const built = (route.path as (...params: string[]) => string)(
        ...Array.from({ length: arity }, () => 'x'),
      );
      expect(built).not.toContain(':');
      expect(built.split('/')).toHaveLength(route.pattern.split('/').length);
    }
  });
});
