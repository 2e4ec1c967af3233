// The role matrix of every route that declares @RequirePermission, read from the declarations and
// from the one matrix in @outpost/contracts: a change to either is all it takes for this suite
// to expect the new statuses. A probe stands in for the handlers, so no route changes anything:
// what is checked is exactly the guard's answer.
import {
  Injectable,
  Module,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ACCESS_ERRORS } from '../src/core/access';
import { PlayersListEntry } from '../src/modules/players/players-list-entry';
import { listPermissionRoutes, type PermissionRoute } from '../src/core/auth';
import type { Request, Response } from 'express';
import { of, type Observable } from 'rxjs';
import {
  ACTORS,
  agentOf,
  createCrew,
  expectStatus,
  memberIdOf,
  statusesFor,
  type Actor,
  type Crew,
} from './support/crew';
import { createTestApp, type TestApp } from './support';
import { setPlan } from './support/plans';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';

const PROBE = 'x-guard-probe';

/** Past the guard, answers "passed" instead of calling the handler (pipes and all). */
@Injectable()
class GuardProbe implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    if (!http.getRequest<Request>().get(PROBE)) return next.handle();
    http.getResponse<Response>().setHeader(PROBE, 'passed');
    return of(null);
  }
}

@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: GuardProbe }] })
class GuardProbeModule {}

const nameOf = (route: PermissionRoute) => `${route.method} ${route.path}`;

/** Bodies a route's own schema needs besides the id the locator reads. */
const BODY_EXTRAS: Record<string, Record<string, unknown>> = {
  'POST /api/players/:steamId/unban': { reason: 'Appeal accepted' },
};

let world: { t: TestApp; crew: Crew };
let ids: Record<'network' | 'server' | 'invite' | 'report' | 'punishment' | 'memberId', string>;
let routes: PermissionRoute[];

beforeAll(async () => {
  const t = await createTestApp({ imports: [GuardProbeModule] });
  const crew = await createCrew(t);
  // Roles, on a Premium network: a Free network's 403 plan_required is test/plans.spec.ts's and
  // each premium route's own suite's.
  await setPlan(t, crew.owner.user.id, 'premium');
  world = { t, crew };
  const server = await addServer(crew.owner, crew.network.id, 'Arena');
  expectStatus(
    await pluginCall(t, server.token, 'events', {
      events: [
        {
          id: 'report-1',
          type: 'report',
          at: new Date().toISOString(),
          reporterSteamId: steamIdOf(1),
          targetSteamId: steamIdOf(2),
          message: 'wallhacks',
        },
      ],
    }),
    200,
  );
  await heartbeat(t, server.token, [{ steamId: steamIdOf(2), name: 'Bob' }]);
  const ban = (
    expectStatus(
      await crew.owner.agent.post(`/api/players/${steamIdOf(2)}/ban`).send({ serverId: server.id }),
      201,
    ).body.data as { punishment: { id: string } }
  ).punishment;
  const [report] = (
    expectStatus(await crew.owner.agent.get(`/api/servers/${server.id}/reports`), 200).body.data as {
      reports: { id: string }[];
    }
  ).reports;
  const invite = expectStatus(
    await crew.owner.agent.post('/api/invites').send({ networkId: crew.network.id }),
    201,
  ).body.data as { id: string };
  ids = {
    network: crew.network.id,
    server: server.id,
    invite: invite.id,
    report: report.id,
    punishment: ban.id,
    // Another member than the caller: leaving one's own membership is the one exception.
    memberId: await memberIdOf(crew.owner, crew.network.id, crew.admin.user.id),
  };
  routes = listPermissionRoutes(t.app).filter((route) => route.path.startsWith('/api/'));
  // What is walked is the guard: the players list's requests on the beaten path are answered
  // before it (players-list-entry.spec.ts walks that entry's roles against Express's answers).
  t.app.get(PlayersListEntry).enabled = false;
}, 120_000);
afterAll(() => world.t.close());

/** The request a route is called with: its locator's id where the locator reads it. */
const requestFor = (route: PermissionRoute, actor: Actor) => {
  const locator = route.requirement.network!;
  const located = ids[locator.kind];
  const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
    locator.source === 'param' && name === locator.key ? located : (ids[name as 'memberId'] ?? 'x'),
  );
  const agent = agentOf(world.t, world.crew, actor);
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const call = agent[method](path).set(PROBE, '1');
  if (locator.source === 'query') void call.query({ [locator.key]: located });
  if (locator.source === 'body') void call.send({ ...BODY_EXTRAS[nameOf(route)], [locator.key]: located });
  return call;
};

describe('every route that requires a permission', () => {
  it('names the network it is about, so the guard enforces it', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(
      routes
        .filter((route) => !route.requirement.network)
        .map(nameOf)
        .sort(),
    ).toEqual([]);
  });

  it('answers each role as @outpost/contracts says, a non-member 404 and no token 401', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((declared) => declared.requirement.network)) {
      const expected = statusesFor(route.requirement.permission, {
        ok: 0,
        write: route.method !== 'GET',
      });
      for (const actor of ACTORS) {
        const res = await requestFor(route, actor);
        const passed = res.get(PROBE) === 'passed';
        const got = passed ? 0 : res.status;
        const notFound = route.requirement.network!.notFound().message;
        const wrongWords =
          (got === 404 && res.body.error !== notFound) ||
          (got === 403 && actor !== 'demo' && res.body.error !== ACCESS_ERRORS.forbidden.message);
        if (got !== expected[actor] || wrongWords)
          failures.push(
            `${nameOf(route)} as ${actor}: expected ${expected[actor] || 'to pass'}, got ${got || 'passed'} ${JSON.stringify(res.body)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers an unknown id as a non-member is answered', async () => {
    for (const route of routes.filter((declared) => declared.requirement.network?.source === 'param')) {
      const { key, notFound } = route.requirement.network!;
      const path = route.path
        .replace(`:${key}`, '00000000-0000-4000-8000-000000000000')
        .replace(/:\w+/g, 'x');
      const method = route.method.toLowerCase() as 'get';
      const res = await world.crew.owner.agent[method](path).set(PROBE, '1');
      expect(`${nameOf(route)} ${res.status} ${res.body.error}`).toBe(
        `${nameOf(route)} 404 ${notFound().message}`,
      );
    }
  });

  it('lets a member leave on their own, but not remove another member', async () => {
    const { crew } = world;
    const members = `/api/networks/${crew.network.id}/members`;
    const own = await memberIdOf(crew.owner, crew.network.id, crew.member.user.id);
    const res = await crew.member.agent.delete(`${members}/${own}`).set(PROBE, '1');
    expect(res.get(PROBE)).toBe('passed');
    expectStatus(await crew.member.agent.delete(`${members}/${ids.memberId}`).set(PROBE, '1'), 403);
  });
});
