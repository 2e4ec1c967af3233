import { Controller, Get, Module, Post } from '@nestjs/common';
import {
  Authenticated,
  findUndeclaredApiRoutes,
  listRoutes,
  Public,
  RequirePermission,
} from '../src/core/auth';
import { createTestApp, type TestApp } from './support';

@Controller('api/audit-fixture')
class AuditFixtureController {
  @Get()
  forgotten() {
    return [];
  }

  @Public()
  @Get('open')
  open() {
    return [];
  }

  @Authenticated()
  @Post()
  signedIn() {
    return {};
  }

  @RequirePermission('servers.manage')
  @Post(':id/token')
  permitted() {
    return {};
  }
}

@Public()
@Controller('api/audit-public')
class PublicFixtureController {
  @Get()
  list() {
    return [];
  }
}

@Module({ controllers: [AuditFixtureController, PublicFixtureController] })
class AuditFixtureModule {}

describe('every /api route declares who may call it', () => {
  it('holds for the whole app', async () => {
    const t = await createTestApp();
    try {
      expect(listRoutes(t.app)).toContainEqual({ method: 'GET', path: '/api/meta', access: 'public' });
      expect(findUndeclaredApiRoutes(t.app)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  describe('the audit itself', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ imports: [AuditFixtureModule] });
    });
    afterAll(() => t.close());

    it('reads each route’s declaration, from the method or its controller', () => {
      const routes = listRoutes(t.app).filter((route) => route.path.startsWith('/api/audit-'));
      expect(routes).toEqual(
        expect.arrayContaining([
          { method: 'GET', path: '/api/audit-fixture', access: null },
          { method: 'GET', path: '/api/audit-fixture/open', access: 'public' },
          { method: 'POST', path: '/api/audit-fixture', access: 'session' },
          { method: 'POST', path: '/api/audit-fixture/:id/token', access: 'permission' },
          { method: 'GET', path: '/api/audit-public', access: 'public' },
        ]),
      );
      expect(routes).toHaveLength(5);
    });

    it('names a route that declares nothing', () => {
      expect(findUndeclaredApiRoutes(t.app)).toEqual(['GET /api/audit-fixture']);
    });

    it('and the guard refuses that route (deny by default)', async () => {
      const res = await t.api.get('/api/audit-fixture').expect(401);
      expect(res.body).toEqual({ success: false, error: 'Authentication required', code: 'UNAUTHORIZED' });
      await t.api.get('/api/audit-fixture/open').expect(200);
    });
  });
});
