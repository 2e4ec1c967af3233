// The F7 reports inbox (issue 19): reports from a plugin's report events, the lists, a report's
// state, assignee and note thread, and punishing from a report. Bad input answers 400 and stores
// nothing. The game's own reports URL is in reports-endpoint.spec.ts.
import type { AuditListResponse, ReportItem } from '@outpost/contracts';
import { MESSAGES, REPORT_MESSAGES } from '@outpost/validation';
import { countRows, expectStatus } from './support/crew';
import { bob, nativeData, rex, useReportsWorld } from './support/reports-world';

describe('F7 reports', () => {
  const { w, sendReportEvent, postNative, inbox, reportWith } = useReportsWorld();

  describe('from the plugin or bridge', () => {
    it('turns a report event into a report once, with names, category and position', async () => {
      const position = { x: 10.5, y: 2, z: -30.25 };
      await sendReportEvent(w.main, 'ev-1', { category: 'cheat', position });
      // A retried batch adds nothing.
      await sendReportEvent(w.main, 'ev-1', { category: 'cheat', position });
      const server = await inbox(`/api/servers/${w.main.id}/reports`);
      expect(server.reports).toHaveLength(1);
      expect(server.newCount).toBe(1);
      expect(server.reports[0]).toMatchObject({
        source: 'plugin',
        serverName: 'EU Main',
        reporter: { steamId: rex.steamId, name: 'Rex' },
        target: { steamId: bob.steamId, name: 'Bob' },
        subject: 'aimbot',
        message: 'snaps to heads through walls',
        category: 'cheat',
        position,
        state: 'new',
        assignee: null,
        notes: [],
        unparsed: [],
      });
      // The Logs line is kept too.
      const logs = expectStatus(
        await w.crew.member.agent.get(`/api/servers/${w.main.id}/logs?types=report`),
        200,
      );
      expect((logs.body.data as { entries: unknown[] }).entries).toHaveLength(1);
      // The second server has none; the network's inbox names the server.
      expect((await inbox(`/api/servers/${w.second.id}/reports`)).reports).toEqual([]);
      expect((await inbox(`/api/networks/${w.crew.network.id}/reports`)).reports[0].serverName).toBe(
        'EU Main',
      );
    });

    it('answers moderators, not plain members or outsiders', async () => {
      for (const actor of ['owner', 'admin', 'moderator'] as const)
        expectStatus(await w.crew[actor].agent.get(`/api/networks/${w.crew.network.id}/reports`), 200);
      expectStatus(await w.crew.member.agent.get(`/api/networks/${w.crew.network.id}/reports`), 403);
      expectStatus(await w.crew.outsider.agent.get(`/api/servers/${w.main.id}/reports`), 404);
      expectStatus(await w.t.newAgent().get(`/api/servers/${w.main.id}/reports`), 401);
    });

    it('pages newest first by the cursor and filters by state', async () => {
      for (const n of [2, 3, 4]) await sendReportEvent(w.second, `page-${n}`, { subject: `page ${n}` });
      const first = await inbox(`/api/servers/${w.second.id}/reports`, '?limit=2');
      expect(first.reports.map((report) => report.subject)).toEqual(['page 4', 'page 3']);
      const next = await inbox(`/api/servers/${w.second.id}/reports`, `?limit=2&before=${first.nextCursor}`);
      expect(next.reports.map((report) => report.subject)).toEqual(['page 2']);
      expect(next.nextCursor).toBeNull();
      expect((await inbox(`/api/servers/${w.second.id}/reports`, '?state=resolved')).reports).toEqual([]);
    });

    it('answers bad list queries 400 with the field', async () => {
      for (const [query, field, message] of [
        ['?state=open', 'state', REPORT_MESSAGES.state],
        ['?limit=0', 'limit', REPORT_MESSAGES.limit],
        ['?before=not-a-cursor!', 'before', REPORT_MESSAGES.cursor],
      ] as const) {
        const res = expectStatus(
          await w.crew.moderator.agent.get(`/api/networks/${w.crew.network.id}/reports${query}`),
          400,
        );
        expect(res.body.details).toEqual([{ field, message }]);
      }
    });
  });

  describe('working a report', () => {
    it('changes state and assignee, audited', async () => {
      const report = await reportWith('aimbot');
      const updated = expectStatus(
        await w.crew.moderator.agent
          .patch(`/api/reports/${report.id}`)
          .send({ state: 'reviewing', assigneeId: w.crew.moderator.user.id }),
        200,
      ).body.data as ReportItem;
      expect(updated).toMatchObject({ state: 'reviewing', assignee: { id: w.crew.moderator.user.id } });
      const audit = expectStatus(
        await w.crew.owner.agent.get(`/api/networks/${w.crew.network.id}/audit?action=report.updated`),
        200,
      ).body.data as AuditListResponse;
      expect(audit.entries[0]).toMatchObject({
        actorId: w.crew.moderator.user.id,
        targetType: 'report',
        details: { state: { from: 'New', to: 'Reviewing' } },
      });
      const unassigned = expectStatus(
        await w.crew.admin.agent.patch(`/api/reports/${report.id}`).send({ assigneeId: null }),
        200,
      ).body.data as ReportItem;
      expect(unassigned.assignee).toBeNull();
    });

    it('refuses unknown states, assignees who cannot work reports and empty changes, changing nothing', async () => {
      const report = await reportWith('aimbot');
      for (const [body, field, message] of [
        [{ state: 'closed' }, 'state', REPORT_MESSAGES.state],
        [{ assigneeId: w.crew.member.user.id }, 'assigneeId', REPORT_MESSAGES.assignee],
        [{ assigneeId: w.other.owner.user.id }, 'assigneeId', REPORT_MESSAGES.assignee],
        [{ assigneeId: 42 }, 'assigneeId', REPORT_MESSAGES.assignee],
        [{}, '', REPORT_MESSAGES.nothingToChange],
        [{ state: 'resolved', extra: 1 }, 'extra', undefined],
      ] as const) {
        const res = expectStatus(
          await w.crew.moderator.agent.patch(`/api/reports/${report.id}`).send(body),
          400,
        );
        if (message) expect(res.body.details).toContainEqual(expect.objectContaining({ message }));
        else expect(res.body.details[0].field).toBe(field);
      }
      expect((await reportWith('aimbot')).state).toBe('reviewing');
      expectStatus(
        await w.crew.member.agent.patch(`/api/reports/${report.id}`).send({ state: 'dismissed' }),
        403,
      );
      expectStatus(
        await w.other.owner.agent.patch(`/api/reports/${report.id}`).send({ state: 'dismissed' }),
        404,
      );
      expectStatus(
        await w.crew.owner.agent.patch('/api/reports/not-a-report').send({ state: 'dismissed' }),
        404,
      );
    });

    it('keeps a note thread; a note on a new report starts its review', async () => {
      const report = await reportWith('page 2');
      const noted = expectStatus(
        await w.crew.admin.agent.post(`/api/reports/${report.id}/notes`).send({ text: '  Spectating now  ' }),
        201,
      ).body.data as ReportItem;
      expect(noted.state).toBe('reviewing');
      expect(noted.notes).toEqual([
        expect.objectContaining({
          text: 'Spectating now',
          author: { id: w.crew.admin.user.id, name: expect.any(String) },
        }),
      ]);
      const before = await countRows(w.t, 'report_notes');
      for (const [text, message] of [
        ['   ', REPORT_MESSAGES.noteRequired],
        ['x'.repeat(2001), REPORT_MESSAGES.noteTooLong],
      ] as const) {
        const res = expectStatus(
          await w.crew.admin.agent.post(`/api/reports/${report.id}/notes`).send({ text }),
          400,
        );
        expect(res.body.details).toEqual([{ field: 'text', message }]);
      }
      expect(await countRows(w.t, 'report_notes')).toBe(before);
      expectStatus(
        await w.crew.member.agent.post(`/api/reports/${report.id}/notes`).send({ text: 'hi' }),
        403,
      );
    });

    it('punishes from a report: the ban is linked and the report resolved', async () => {
      const report = await reportWith('aimbot');
      const res = expectStatus(
        await w.crew.moderator.agent
          .post(`/api/players/${bob.steamId}/ban`)
          .send({ serverId: w.main.id, reason: 'Aimbot (F7)', duration: '7d', reportId: report.id }),
        201,
      );
      const punishmentId = (res.body.data as { punishment: { id: string } }).punishment.id;
      const after = await reportWith('aimbot');
      expect(after).toMatchObject({ state: 'resolved', punishmentId });
      const audit = expectStatus(
        await w.crew.owner.agent.get(`/api/networks/${w.crew.network.id}/audit?action=player.banned`),
        200,
      ).body.data as AuditListResponse;
      expect(audit.entries[0].details).toMatchObject({ reportId: report.id, scope: 'network' });
      // The players list and the profile show the ban that holds, with its time left.
      const list = expectStatus(
        await w.crew.member.agent.get(`/api/players?networkId=${w.crew.network.id}&search=${bob.steamId}`),
        200,
      ).body.data as { players: { steamId: string; status: string; ban: unknown }[] };
      const ban = {
        reason: 'Aimbot (F7)',
        expiresAt: expect.any(String),
        timeLeftSeconds: expect.any(Number),
        scope: 'network',
      };
      expect(list.players).toEqual([
        expect.objectContaining({ steamId: bob.steamId, status: 'banned', ban }),
      ]);
      const { timeLeftSeconds } = list.players[0].ban as { timeLeftSeconds: number };
      expect(timeLeftSeconds).toBeGreaterThan(7 * 86_400 - 60);
      expect(timeLeftSeconds).toBeLessThanOrEqual(7 * 86_400);
      const profile = expectStatus(
        await w.crew.member.agent.get(`/api/players/${bob.steamId}?networkId=${w.crew.network.id}`),
        200,
      ).body.data as { player: { ban: unknown } };
      expect(profile.player.ban).toEqual(ban);
    });

    it('refuses a report of another network or a bad duration, storing no punishment', async () => {
      const foreignReport = expectStatus(
        await postNative(w.foreign, {
          data: JSON.stringify(nativeData({ Subject: 'Foreign' })),
          userid: rex.steamId,
          key: w.foreign.reportsKey!,
        }),
        201,
      ).body as { id: string };
      const before = await countRows(w.t, 'punishments');
      const wrongReport = expectStatus(
        await w.crew.moderator.agent
          .post(`/api/players/${bob.steamId}/ban`)
          .send({ serverId: w.main.id, reportId: foreignReport.id }),
        400,
      );
      expect(wrongReport.body.details).toEqual([{ field: 'reportId', message: MESSAGES.reportId }]);
      const badDuration = expectStatus(
        await w.crew.moderator.agent
          .post(`/api/players/${bob.steamId}/ban`)
          .send({ serverId: w.main.id, duration: '7 years' }),
        400,
      );
      expect(badDuration.body.details).toEqual([{ field: 'duration', message: MESSAGES.duration }]);
      expect(await countRows(w.t, 'punishments')).toBe(before);
    });
  });
});
