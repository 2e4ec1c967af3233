// Server automation (Premium), its routes: every route for each role, a Free network, bad input,
// the templates, and what a PATCH leads to. Runs, triggers and schedules: automation-runs.spec.ts.
import type { Automation, AutomationInput } from '@outpost/contracts';
import { AUTOMATION_MESSAGES } from '@outpost/validation';
import { chatTrigger, countdown, PLAN_REQUIRED, useAutomationWorld } from './support/automation-world';
import { ACTORS, agentOf, countRows, expectStatus, statusesFor, type Crew } from './support/crew';
import { setPlan } from './support/plans';
import { addServer } from './support/plugin';
import type { TestApp } from './support';

describe('automation routes', () => {
  const { w, base, create } = useAutomationWorld();
  let t: TestApp;
  let crew: Crew;
  beforeAll(() => ({ t, crew } = w));

  describe('GET /api/networks/{networkId}/automations', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(base());
      expect(res.status).toBe(statusesFor('automation.view')[actor]);
    });

    it('answers 403 plan_required on a Free network, after membership', async () => {
      await setPlan(t, crew.owner.user.id, 'free');
      try {
        for (const actor of ACTORS) {
          const res = await agentOf(t, crew, actor).get(base());
          const expected = { ...statusesFor('automation.view', { ok: 403 }) }[actor];
          expect([actor, res.status]).toEqual([actor, expected]);
          if (actor === 'owner') expect(res.body).toEqual(PLAN_REQUIRED);
        }
      } finally {
        await setPlan(t, crew.owner.user.id, 'premium');
      }
    });
  });

  describe('POST /api/networks/{networkId}/automations', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor)
        .post(base())
        .send(countdown({ name: `By ${actor}` }));
      expect(res.status).toBe(statusesFor('automation.manage', { ok: 201, write: true })[actor]);
    });

    it('stores a schedule with its next run, read back the same', async () => {
      const automation = await create(countdown());
      expect(automation).toMatchObject({ kind: 'schedule', enabled: true, serverIds: null, lastRun: null });
      expect(Date.parse(automation.nextRunAt ?? '')).toBeGreaterThan(Date.now());
      expect(new Date(automation.nextRunAt ?? '').getUTCMinutes()).toBe(0);
      const read = expectStatus(await crew.moderator.agent.get(`${base()}/${automation.id}`), 200).body.data;
      expect(read).toEqual(automation);
    });

    it('refuses bad input with the field and the message, storing nothing', async () => {
      const before = await countRows(t, 'automations');
      const cases: [unknown, { field: string; message: string }][] = [
        [
          { ...countdown(), schedule: { cron: 'every day', timezone: 'UTC' } },
          { field: 'schedule.cron', message: AUTOMATION_MESSAGES.cron },
        ],
        [
          { ...countdown(), schedule: { cron: '0 5 * * *', timezone: 'Mars/Base' } },
          { field: 'schedule.timezone', message: AUTOMATION_MESSAGES.timezone },
        ],
        [
          chatTrigger({ trigger: { event: 'chat.message', pattern: '(a+)+$' } }),
          { field: 'trigger.pattern', message: AUTOMATION_MESSAGES.patternUnsafe },
        ],
        [
          chatTrigger({ trigger: { event: 'chat.message', pattern: 'x'.repeat(201) } }),
          { field: 'trigger.pattern', message: AUTOMATION_MESSAGES.pattern },
        ],
        [
          { ...countdown(), trigger: { event: 'server.online' } },
          { field: 'trigger', message: AUTOMATION_MESSAGES.oneOf },
        ],
        [
          chatTrigger({ actions: [{ type: 'ban', reason: 'x', durationMinutes: 60 } as never] }),
          { field: 'actions.0.scope', message: AUTOMATION_MESSAGES.scope },
        ],
        [
          countdown({ actions: [{ type: 'kick', reason: 'x' }] }),
          { field: 'actions.0.type', message: AUTOMATION_MESSAGES.playerActionOnSchedule },
        ],
        [
          countdown({ actions: [{ type: 'broadcast', message: 'x', delaySeconds: 901 }] }),
          { field: 'actions.0.delaySeconds', message: AUTOMATION_MESSAGES.delaySeconds },
        ],
        [
          countdown({ serverIds: ['not-a-server'] }),
          { field: 'serverIds', message: AUTOMATION_MESSAGES.unknownServer },
        ],
        [
          chatTrigger({ actions: [{ type: 'alert', channelIds: ['nope'] }] }),
          { field: 'actions.0.channelIds', message: AUTOMATION_MESSAGES.unknownChannel },
        ],
        [
          { ...countdown(), owner: 'me' },
          { field: 'owner', message: 'Unknown field "owner"' },
        ],
      ];
      for (const [body, detail] of cases) {
        const res = expectStatus(await crew.owner.agent.post(base()).send(body as object), 400);
        expect(res.body.details).toContainEqual(detail);
      }
      expect(await countRows(t, 'automations')).toBe(before);
    });

    it('refuses a server of another network', async () => {
      const foreign = await addServer(crew.owner, (await createOtherNetwork()).id, 'Theirs');
      const res = expectStatus(
        await crew.owner.agent.post(base()).send(countdown({ serverIds: [foreign.id] })),
        400,
      );
      expect(res.body.details).toEqual([{ field: 'serverIds', message: AUTOMATION_MESSAGES.unknownServer }]);
    });
  });

  const createOtherNetwork = async () =>
    expectStatus(await crew.owner.agent.post('/api/networks').send({ name: 'Second' }), 201).body.data as {
      id: string;
    };

  describe('GET|PATCH|DELETE /api/networks/{networkId}/automations/{automationId}', () => {
    let automation: Automation;
    beforeAll(async () => {
      automation = await create(countdown({ name: 'Matrix' }));
    });

    it.each(ACTORS)('GET answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(`${base()}/${automation.id}`);
      expect(res.status).toBe(statusesFor('automation.view')[actor]);
    });

    it.each(ACTORS)('PATCH answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor)
        .patch(`${base()}/${automation.id}`)
        .send({ name: `Matrix ${actor}` });
      expect(res.status).toBe(statusesFor('automation.manage', { write: true })[actor]);
    });

    it('PATCH judges the automation whole, and a disabled schedule has no next run', async () => {
      const off = expectStatus(
        await crew.admin.agent.patch(`${base()}/${automation.id}`).send({ enabled: false }),
        200,
      );
      expect(off.body.data).toMatchObject({ enabled: false, nextRunAt: null });
      const bad = expectStatus(
        await crew.admin.agent
          .patch(`${base()}/${automation.id}`)
          .send({ actions: [{ type: 'note', text: 'x' }] }),
        400,
      );
      expect(bad.body.details).toEqual([
        { field: 'actions.0.type', message: AUTOMATION_MESSAGES.playerActionOnSchedule },
      ]);
      expectStatus(await crew.admin.agent.patch(`${base()}/${automation.id}`).send({}), 400);
      // Another network's id is not found.
      expectStatus(
        await crew.owner.agent
          .patch(`/api/networks/${crew.network.id}/automations/00000000-0000-0000-0000-000000000000`)
          .send({ enabled: true }),
        404,
      );
    });

    it.each(ACTORS)('DELETE answers %s as the role matrix says', async (actor) => {
      const target = await create(countdown({ name: `Delete ${actor}` }));
      const res = await agentOf(t, crew, actor).delete(`${base()}/${target.id}`);
      expect(res.status).toBe(statusesFor('automation.manage', { write: true })[actor]);
      const left = await countRows(t, 'automations', { id: target.id });
      expect(left).toBe(res.status === 200 ? 0 : 1);
    });
  });

  describe('GET /api/networks/{networkId}/automation-templates', () => {
    it.each(ACTORS)('answers %s as the role matrix says', async (actor) => {
      const res = await agentOf(t, crew, actor).get(`/api/networks/${crew.network.id}/automation-templates`);
      expect(res.status).toBe(statusesFor('automation.view')[actor]);
    });

    it('offers the templates, each a body the API takes (the reports one once a channel is chosen)', async () => {
      const res = expectStatus(
        await crew.owner.agent.get(`/api/networks/${crew.network.id}/automation-templates`),
        200,
      );
      const templates = res.body.data as { id: string; automation: AutomationInput }[];
      expect(templates.map((template) => template.id)).toEqual([
        'restart-countdown',
        'wipe-day',
        'welcome',
        'kick-name',
        'warn-keyword',
        'reports-to-discord',
      ]);
      const channels = expectStatus(
        await crew.owner.agent.get(`/api/networks/${crew.network.id}/alert-channels`),
        200,
      ).body.data as { id: string }[];
      for (const { automation } of templates) {
        const body = {
          ...automation,
          enabled: false,
          actions: automation.actions.map((action) =>
            action.type === 'alert' ? { ...action, channelIds: [channels[0].id] } : action,
          ),
        };
        expectStatus(await crew.owner.agent.post(base()).send(body), 201);
      }
    });
  });
});
