// The web builds every /api URL from API_PATHS (@outpost/contracts). That table and the routes the
// app really serves (read from its own router) are the same set of method + pattern, both ways: a
// route added, moved or removed on one side and not the other fails here.
import { API_PATHS } from '@outpost/contracts';
import { createTestApp, type TestApp } from './support';
import { routesOf } from './support/route-list';

/** Swagger's pages (src/core/http/openapi.ts) are served under /api/ but are no route of the API. */
const isOpenApiDocs = (path: string) => path === '/api/docs-json' || /^\/api\/docs(\/|$)/.test(path);

const line = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

let t: TestApp;
let served: string[];
const table = Object.values(API_PATHS).map((route) => line({ method: route.method, path: route.pattern }));

beforeAll(async () => {
  t = await createTestApp();
  served = routesOf(t.app)
    .filter((route) => route.path.startsWith('/api/') && !isOpenApiDocs(route.path))
    .map(line);
});
afterAll(() => t.close());

describe('API_PATHS', () => {
  it('lists only routes the API serves', () => {
    expect(table.filter((route) => !served.includes(route))).toEqual([]);
  });

  it('lists every route the API serves under /api/', () => {
    expect(served.filter((route) => !table.includes(route))).toEqual([]);
    expect(served.length).toBeGreaterThan(0);
  });
});
