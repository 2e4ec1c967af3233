// The F7 reports inbox (issue 19): reports from a plugin's report events and from the game's own
// signed reports URL (its native form: data, userid, key), the lists, a report's state, assignee
// and note thread, and punishing from a report. Bad input answers 400 and stores nothing.
import type { AuditListResponse, ReportItem, ReportsResponse } from '@outpost/contracts';
import { MESSAGES, REPORT_MESSAGES } from '@outpost/validation';
import { REPORTS_KEY_MESSAGE } from '../src/modules/reports/reports-endpoint.controller';
import {
  REPORT_DATA_MISSING_MESSAGE,
  REPORT_DATA_TOO_DEEP_MESSAGE,
  REPORT_DATA_TOO_LARGE_MESSAGE,
} from '../src/modules/reports/native-report';
import type { TestApp } from './support';
import { countRows, createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './support/plugin';

type Srv = { id: string; token: string; reportsPath?: string; reportsKey?: string };

const rex = { steamId: steamIdOf(801), name: 'Rex' };
const bob = { steamId: steamIdOf(802), name: 'Bob' };
/** A JPEG's first bytes and a little more: enough for the panel to take it as one. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 7)]);

/** The JSON the game puts in the form's `data` field (Facepunch's "Receiving Reports" page). */
const nativeData = (extra: Record<string, unknown> = {}) => ({
  Subject: 'Flying base',
  Message: 'Bob is flying around the outpost',
  Type: 2,
  TargetReportType: null,
  TargetId: bob.steamId,
  TargetName: 'Bob',
  AppInfo: {
    Version: 3,
    Name: 'PC',
    Os: 'Windows 10',
    UserId: rex.steamId,
    UserName: 'Rex',
    Image: JPEG.toString('base64'),
  },
  ...extra,
});

describe('F7 reports', () => {
  let t: TestApp;
  let crew: Crew;
  let other: Crew;
  let main: Srv;
  let second: Srv;
  let foreign: Srv;

  const sendReportEvent = async (server: Srv, id: string, extra: Record<string, unknown> = {}) =>
    expectStatus(
      await pluginCall(t, server.token, 'events', {
        events: [
          {
            id,
            type: 'report',
            at: new Date().toISOString(),
            reporterSteamId: rex.steamId,
            targetSteamId: bob.steamId,
            subject: 'aimbot',
            message: 'snaps to heads through walls',
            ...extra,
          },
        ],
      }),
      200,
    );
  const postNative = (server: Srv, fields: Record<string, string>, path = server.reportsPath!) =>
    t.http.post(path).type('form').send(fields);
  const inbox = async (path: string, query = '') =>
    expectStatus(await crew.moderator.agent.get(`${path}${query}`), 200).body.data as ReportsResponse;
  const reportWith = async (subject: string): Promise<ReportItem> => {
    const { reports } = await inbox(`/api/networks/${crew.network.id}/reports`, '?limit=200');
    const found = reports.find((report) => report.subject === subject);
    if (!found) throw new Error(`no report "${subject}"`);
    return found;
  };

  beforeAll(async () => {
    ({ t, crew, other } = await createWorld());
    main = await addServer(crew.owner, crew.network.id, 'EU Main');
    second = await addServer(crew.owner, crew.network.id, 'EU Second');
    foreign = await addServer(other.owner, other.network.id, 'Elsewhere');
    await heartbeat(t, main.token, [rex, bob]);
  }, 60_000);
  afterAll(() => t.close());

  describe('from the plugin or bridge', () => {
    it('turns a report event into a report once, with names, category and position', async () => {
      const position = { x: 10.5, y: 2, z: -30.25 };
      await sendReportEvent(main, 'ev-1', { category: 'cheat', position });
      // A retried batch adds nothing.
      await sendReportEvent(main, 'ev-1', { category: 'cheat', position });
      const server = await inbox(`/api/servers/${main.id}/reports`);
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
        await crew.member.agent.get(`/api/servers/${main.id}/logs?types=report`),
        200,
      );
      expect((logs.body.data as { entries: unknown[] }).entries).toHaveLength(1);
      // The second server has none; the network's inbox names the server.
      expect((await inbox(`/api/servers/${second.id}/reports`)).reports).toEqual([]);
      expect((await inbox(`/api/networks/${crew.network.id}/reports`)).reports[0].serverName).toBe('EU Main');
    });

    it('answers moderators, not plain members or outsiders', async () => {
      for (const actor of ['owner', 'admin', 'moderator'] as const)
        expectStatus(await crew[actor].agent.get(`/api/networks/${crew.network.id}/reports`), 200);
      expectStatus(await crew.member.agent.get(`/api/networks/${crew.network.id}/reports`), 403);
      expectStatus(await crew.outsider.agent.get(`/api/servers/${main.id}/reports`), 404);
      expectStatus(await t.newAgent().get(`/api/servers/${main.id}/reports`), 401);
    });

    it('pages newest first by the cursor and filters by state', async () => {
      for (const n of [2, 3, 4]) await sendReportEvent(second, `page-${n}`, { subject: `page ${n}` });
      const first = await inbox(`/api/servers/${second.id}/reports`, '?limit=2');
      expect(first.reports.map((report) => report.subject)).toEqual(['page 4', 'page 3']);
      const next = await inbox(`/api/servers/${second.id}/reports`, `?limit=2&before=${first.nextCursor}`);
      expect(next.reports.map((report) => report.subject)).toEqual(['page 2']);
      expect(next.nextCursor).toBeNull();
      expect((await inbox(`/api/servers/${second.id}/reports`, '?state=resolved')).reports).toEqual([]);
    });

    it('answers bad list queries 400 with the field', async () => {
      for (const [query, field, message] of [
        ['?state=open', 'state', REPORT_MESSAGES.state],
        ['?limit=0', 'limit', REPORT_MESSAGES.limit],
        ['?before=not-a-cursor!', 'before', REPORT_MESSAGES.cursor],
      ] as const) {
        const res = expectStatus(
          await crew.moderator.agent.get(`/api/networks/${crew.network.id}/reports${query}`),
          400,
        );
        expect(res.body.details).toEqual([{ field, message }]);
      }
    });
  });

  describe("from the game's reports URL", () => {
    it('is given to each server, signed, with its key', () => {
      expect(main.reportsPath).toMatch(new RegExp(`^/api/plugin/v1/reports/${main.id}/[0-9a-f]{32}$`));
      expect(main.reportsKey).toMatch(/^[0-9a-f]{32}$/);
      expect(main.reportsKey).not.toBe(second.reportsKey);
    });

    it('shows the URL and its key to those who manage servers only', async () => {
      for (const actor of ['owner', 'admin'] as const) {
        const read = expectStatus(await crew[actor].agent.get(`/api/servers/${main.id}`), 200).body.data;
        expect(read).toMatchObject({ reportsPath: main.reportsPath, reportsKey: main.reportsKey });
      }
      for (const actor of ['moderator', 'member'] as const) {
        const read = expectStatus(await crew[actor].agent.get(`/api/servers/${main.id}`), 200).body.data;
        expect(read).not.toHaveProperty('reportsKey');
        expect(read).not.toHaveProperty('reportsPath');
        const list = expectStatus(await crew[actor].agent.get(`/api/servers/network/${crew.network.id}`), 200)
          .body.data as object[];
        for (const server of list) expect(server).not.toHaveProperty('reportsKey');
      }
    });

    it('accepts the native form and keeps the screenshot apart', async () => {
      const res = expectStatus(
        await postNative(main, {
          data: JSON.stringify(nativeData()),
          userid: rex.steamId,
          key: main.reportsKey!,
        }),
        201,
      );
      const id = (res.body as { id: string }).id;
      const report = await reportWith('Flying base');
      expect(report).toMatchObject({
        id,
        source: 'endpoint',
        reporter: { steamId: rex.steamId, name: 'Rex' },
        target: { steamId: bob.steamId, name: 'Bob' },
        message: 'Bob is flying around the outpost',
        category: 'cheat',
        hasScreenshot: true,
        screenshotNote: null,
        unparsed: [],
      });
      const shot = await crew.moderator.agent.get(`/api/reports/${id}/screenshot`).buffer(true);
      expect(shot.status).toBe(200);
      expect(shot.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(shot.body as Buffer, JPEG)).toBe(0);
      const raw = expectStatus(await crew.moderator.agent.get(`/api/reports/${id}/raw`), 200).body.data as {
        raw: string;
      };
      expect(raw.raw).toContain('Flying base');
      expect(raw.raw).not.toContain(JPEG.toString('base64'));
      expect(raw.raw).not.toContain(main.reportsKey!);
      expectStatus(await crew.member.agent.get(`/api/reports/${id}/screenshot`), 403);
      expectStatus(await other.owner.agent.get(`/api/reports/${id}/raw`), 404);
    });

    it('flags what it could not read instead of dropping the report', async () => {
      expectStatus(
        await postNative(main, {
          data: JSON.stringify(
            nativeData({
              Subject: 'Odd one',
              Type: { weird: true },
              TargetId: 'bob',
              AppInfo: { UserId: rex.steamId, Image: 'aGVsbG8=' },
            }),
          ),
          userid: rex.steamId,
          key: main.reportsKey!,
        }),
        201,
      );
      const report = await reportWith('Odd one');
      expect(report.unparsed.sort()).toEqual(['TargetId', 'Type']);
      expect(report.target).toMatchObject({ steamId: '', name: 'Bob' });
      expect(report.hasScreenshot).toBe(false);
      expect(report.screenshotNote).toBe('Screenshot not kept: not a JPEG or PNG image');
    });

    it('refuses a wrong signature, a wrong or missing key, and a body without a report', async () => {
      const before = await countRows(t, 'reports');
      const fields = { data: JSON.stringify(nativeData()), userid: rex.steamId, key: main.reportsKey! };
      const wrongSignature = main.reportsPath!.replace(/[0-9a-f]{32}$/, '0'.repeat(32));
      expectStatus(await postNative(main, fields, wrongSignature), 404);
      // Another server's URL with this server's key.
      expectStatus(await postNative(second, fields), 401);
      expect((await postNative(main, { ...fields, key: 'nope' })).body.error).toBe(REPORTS_KEY_MESSAGE);
      const { key: _key, ...withoutKey } = fields;
      expectStatus(await postNative(main, withoutKey), 401);
      expectStatus(await postNative(foreign, fields, `${foreign.reportsPath}`), 401);
      const missing = expectStatus(
        await postNative(main, { key: main.reportsKey!, userid: rex.steamId }),
        400,
      );
      expect(missing.body.details).toEqual([{ field: 'data', message: REPORT_DATA_MISSING_MESSAGE }]);
      const huge = nativeData({ Message: 'x'.repeat(70 * 1024) });
      const tooLarge = expectStatus(
        await postNative(main, { data: JSON.stringify(huge), userid: rex.steamId, key: main.reportsKey! }),
        400,
      );
      expect(tooLarge.body.details).toEqual([{ field: 'data', message: REPORT_DATA_TOO_LARGE_MESSAGE }]);
      // JSON nested far deeper than a report (it would cost the stack to read back): refused.
      const deep = `${'{"a":'.repeat(8_000)}1${'}'.repeat(8_000)}`;
      const tooDeep = expectStatus(
        await postNative(main, { data: deep, userid: rex.steamId, key: main.reportsKey! }),
        400,
      );
      expect(tooDeep.body.details).toEqual([{ field: 'data', message: REPORT_DATA_TOO_DEEP_MESSAGE }]);
      // Brackets inside strings are text, not nesting.
      expectStatus(
        await postNative(main, {
          data: JSON.stringify(nativeData({ Subject: 'Brackets', Message: '[{'.repeat(100) })),
          userid: rex.steamId,
          key: main.reportsKey!,
        }),
        201,
      );
      const overLimit = await postNative(main, { ...fields, padding: 'x'.repeat(4 * 1024 * 1024 + 10) });
      expect(overLimit.status).toBe(413);
      expect(await countRows(t, 'reports')).toBe(before + 1);
      expect(await countRows(t, 'report_screenshots')).toBe(2);
    });
  });

  describe('working a report', () => {
    it('changes state and assignee, audited', async () => {
      const report = await reportWith('aimbot');
      const updated = expectStatus(
        await crew.moderator.agent
          .patch(`/api/reports/${report.id}`)
          .send({ state: 'reviewing', assigneeId: crew.moderator.user.id }),
        200,
      ).body.data as ReportItem;
      expect(updated).toMatchObject({ state: 'reviewing', assignee: { id: crew.moderator.user.id } });
      const audit = expectStatus(
        await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit?action=report.updated`),
        200,
      ).body.data as AuditListResponse;
      expect(audit.entries[0]).toMatchObject({
        actorId: crew.moderator.user.id,
        targetType: 'report',
        details: { state: { from: 'New', to: 'Reviewing' } },
      });
      const unassigned = expectStatus(
        await crew.admin.agent.patch(`/api/reports/${report.id}`).send({ assigneeId: null }),
        200,
      ).body.data as ReportItem;
      expect(unassigned.assignee).toBeNull();
    });

    it('refuses unknown states, assignees who cannot work reports and empty changes, changing nothing', async () => {
      const report = await reportWith('aimbot');
      for (const [body, field, message] of [
        [{ state: 'closed' }, 'state', REPORT_MESSAGES.state],
        [{ assigneeId: crew.member.user.id }, 'assigneeId', REPORT_MESSAGES.assignee],
        [{ assigneeId: other.owner.user.id }, 'assigneeId', REPORT_MESSAGES.assignee],
        [{ assigneeId: 42 }, 'assigneeId', REPORT_MESSAGES.assignee],
        [{}, '', REPORT_MESSAGES.nothingToChange],
        [{ state: 'resolved', extra: 1 }, 'extra', undefined],
      ] as const) {
        const res = expectStatus(
          await crew.moderator.agent.patch(`/api/reports/${report.id}`).send(body),
          400,
        );
        if (message) expect(res.body.details).toContainEqual(expect.objectContaining({ message }));
        else expect(res.body.details[0].field).toBe(field);
      }
      expect((await reportWith('aimbot')).state).toBe('reviewing');
      expectStatus(
        await crew.member.agent.patch(`/api/reports/${report.id}`).send({ state: 'dismissed' }),
        403,
      );
      expectStatus(
        await other.owner.agent.patch(`/api/reports/${report.id}`).send({ state: 'dismissed' }),
        404,
      );
      expectStatus(
        await crew.owner.agent.patch('/api/reports/not-a-report').send({ state: 'dismissed' }),
        404,
      );
    });

    it('keeps a note thread; a note on a new report starts its review', async () => {
      const report = await reportWith('page 2');
      const noted = expectStatus(
        await crew.admin.agent.post(`/api/reports/${report.id}/notes`).send({ text: '  Spectating now  ' }),
        201,
      ).body.data as ReportItem;
      expect(noted.state).toBe('reviewing');
      expect(noted.notes).toEqual([
        expect.objectContaining({
          text: 'Spectating now',
          author: { id: crew.admin.user.id, name: expect.any(String) },
        }),
      ]);
      const before = await countRows(t, 'report_notes');
      for (const [text, message] of [
        ['   ', REPORT_MESSAGES.noteRequired],
        ['x'.repeat(2001), REPORT_MESSAGES.noteTooLong],
      ] as const) {
        const res = expectStatus(
          await crew.admin.agent.post(`/api/reports/${report.id}/notes`).send({ text }),
          400,
        );
        expect(res.body.details).toEqual([{ field: 'text', message }]);
      }
      expect(await countRows(t, 'report_notes')).toBe(before);
      expectStatus(await crew.member.agent.post(`/api/reports/${report.id}/notes`).send({ text: 'hi' }), 403);
    });

    it('punishes from a report: the ban is linked and the report resolved', async () => {
      const report = await reportWith('aimbot');
      const res = expectStatus(
        await crew.moderator.agent
          .post(`/api/players/${bob.steamId}/ban`)
          .send({ serverId: main.id, reason: 'Aimbot (F7)', duration: '7d', reportId: report.id }),
        201,
      );
      const punishmentId = (res.body.data as { punishment: { id: string } }).punishment.id;
      const after = await reportWith('aimbot');
      expect(after).toMatchObject({ state: 'resolved', punishmentId });
      const audit = expectStatus(
        await crew.owner.agent.get(`/api/networks/${crew.network.id}/audit?action=player.banned`),
        200,
      ).body.data as AuditListResponse;
      expect(audit.entries[0].details).toMatchObject({ reportId: report.id, scope: 'network' });
      // The players list and the profile show the ban that holds, with its time left.
      const list = expectStatus(
        await crew.member.agent.get(`/api/players?networkId=${crew.network.id}&search=${bob.steamId}`),
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
        await crew.member.agent.get(`/api/players/${bob.steamId}?networkId=${crew.network.id}`),
        200,
      ).body.data as { player: { ban: unknown } };
      expect(profile.player.ban).toEqual(ban);
    });

    it('refuses a report of another network or a bad duration, storing no punishment', async () => {
      const foreignReport = expectStatus(
        await postNative(foreign, {
          data: JSON.stringify(nativeData({ Subject: 'Foreign' })),
          userid: rex.steamId,
          key: foreign.reportsKey!,
        }),
        201,
      ).body as { id: string };
      const before = await countRows(t, 'punishments');
      const wrongReport = expectStatus(
        await crew.moderator.agent
          .post(`/api/players/${bob.steamId}/ban`)
          .send({ serverId: main.id, reportId: foreignReport.id }),
        400,
      );
      expect(wrongReport.body.details).toEqual([{ field: 'reportId', message: MESSAGES.reportId }]);
      const badDuration = expectStatus(
        await crew.moderator.agent
          .post(`/api/players/${bob.steamId}/ban`)
          .send({ serverId: main.id, duration: '7 years' }),
        400,
      );
      expect(badDuration.body.details).toEqual([{ field: 'duration', message: MESSAGES.duration }]);
      expect(await countRows(t, 'punishments')).toBe(before);
    });
  });
});
