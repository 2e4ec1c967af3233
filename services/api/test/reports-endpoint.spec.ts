// The game's own F7 reports (issue 19): each server's signed reports URL takes the native form
// (data, userid, key) as a Rust server POSTs it, keeps the screenshot apart and the raw payload
// bounded, flags what it cannot read, and refuses a wrong signature, a wrong key and bad bodies.
import { REPORT_MESSAGES } from '@outpost/validation';
import { REPORT_ERRORS } from '../src/modules/reports/reports.errors';
import { countRows, expectStatus } from './support/crew';
import { bob, JPEG, nativeData, rex, useReportsWorld } from './support/reports-world';

describe("F7 reports from the game's reports URL", () => {
  const { w, postNative, reportWith } = useReportsWorld();

  describe("from the game's reports URL", () => {
    it('is given to each server, signed, with its key', () => {
      expect(w.main.reportsPath).toMatch(new RegExp(`^/api/plugin/v1/reports/${w.main.id}/[0-9a-f]{32}$`));
      expect(w.main.reportsKey).toMatch(/^[0-9a-f]{32}$/);
      expect(w.main.reportsKey).not.toBe(w.second.reportsKey);
    });

    it('shows the URL and its key, and the ban-check URL, to those who manage servers only', async () => {
      for (const actor of ['owner', 'admin'] as const) {
        const read = expectStatus(await w.crew[actor].agent.get(`/api/servers/${w.main.id}`), 200).body.data;
        expect(read).toMatchObject({
          reportsPath: w.main.reportsPath,
          reportsKey: w.main.reportsKey,
          banCheckPath: w.main.banCheckPath,
        });
      }
      for (const actor of ['moderator', 'member', 'demo'] as const) {
        const read = expectStatus(await w.crew[actor].agent.get(`/api/servers/${w.main.id}`), 200).body.data;
        expect(read).not.toHaveProperty('reportsKey');
        expect(read).not.toHaveProperty('reportsPath');
        expect(read).not.toHaveProperty('banCheckPath');
        const list = expectStatus(
          await w.crew[actor].agent.get(`/api/servers/network/${w.crew.network.id}`),
          200,
        ).body.data as object[];
        for (const server of list) {
          expect(server).not.toHaveProperty('reportsKey');
          expect(server).not.toHaveProperty('banCheckPath');
        }
      }
    });

    it('accepts the native form and keeps the screenshot apart', async () => {
      const res = expectStatus(
        await postNative(w.main, {
          data: JSON.stringify(nativeData()),
          userid: rex.steamId,
          key: w.main.reportsKey!,
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
      const shot = await w.crew.moderator.agent.get(`/api/reports/${id}/screenshot`).buffer(true);
      expect(shot.status).toBe(200);
      expect(shot.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(shot.body as Buffer, JPEG)).toBe(0);
      const raw = expectStatus(await w.crew.moderator.agent.get(`/api/reports/${id}/raw`), 200).body.data as {
        raw: string;
      };
      expect(raw.raw).toContain('Flying base');
      expect(raw.raw).not.toContain(JPEG.toString('base64'));
      expect(raw.raw).not.toContain(w.main.reportsKey!);
      expectStatus(await w.crew.member.agent.get(`/api/reports/${id}/screenshot`), 403);
      expectStatus(await w.other.owner.agent.get(`/api/reports/${id}/raw`), 404);
    });

    it('flags what it could not read instead of dropping the report', async () => {
      expectStatus(
        await postNative(w.main, {
          data: JSON.stringify(
            nativeData({
              Subject: 'Odd one',
              Type: { weird: true },
              TargetId: 'bob',
              AppInfo: { UserId: rex.steamId, Image: 'aGVsbG8=' },
            }),
          ),
          userid: rex.steamId,
          key: w.main.reportsKey!,
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
      const before = await countRows(w.t, 'reports');
      const fields = { data: JSON.stringify(nativeData()), userid: rex.steamId, key: w.main.reportsKey! };
      const wrongSignature = w.main.reportsPath!.replace(/[0-9a-f]{32}$/, '0'.repeat(32));
      expectStatus(await postNative(w.main, fields, wrongSignature), 404);
      // Another server's URL with this server's key.
      expectStatus(await postNative(w.second, fields), 401);
      expect((await postNative(w.main, { ...fields, key: 'nope' })).body.error).toBe(
        REPORT_ERRORS.wrongKey.message,
      );
      const { key: _key, ...withoutKey } = fields;
      expectStatus(await postNative(w.main, withoutKey), 401);
      expectStatus(await postNative(w.foreign, fields, `${w.foreign.reportsPath}`), 401);
      const missing = expectStatus(
        await postNative(w.main, { key: w.main.reportsKey!, userid: rex.steamId }),
        400,
      );
      expect(missing.body.details).toEqual([{ field: 'data', message: REPORT_MESSAGES.dataMissing }]);
      const huge = nativeData({ Message: 'x'.repeat(70 * 1024) });
      const tooLarge = expectStatus(
        await postNative(w.main, {
          data: JSON.stringify(huge),
          userid: rex.steamId,
          key: w.main.reportsKey!,
        }),
        400,
      );
      expect(tooLarge.body.details).toEqual([{ field: 'data', message: REPORT_MESSAGES.dataTooLarge }]);
      // JSON nested far deeper than a report (it would cost the stack to read back): refused.
      const deep = `${'{"a":'.repeat(8_000)}1${'}'.repeat(8_000)}`;
      const tooDeep = expectStatus(
        await postNative(w.main, { data: deep, userid: rex.steamId, key: w.main.reportsKey! }),
        400,
      );
      expect(tooDeep.body.details).toEqual([{ field: 'data', message: REPORT_MESSAGES.dataTooDeep }]);
      // Brackets inside strings are text, not nesting.
      expectStatus(
        await postNative(w.main, {
          data: JSON.stringify(nativeData({ Subject: 'Brackets', Message: '[{'.repeat(100) })),
          userid: rex.steamId,
          key: w.main.reportsKey!,
        }),
        201,
      );
      const overLimit = await postNative(w.main, { ...fields, padding: 'x'.repeat(4 * 1024 * 1024 + 10) });
      expect(overLimit.status).toBe(413);
      expect(await countRows(w.t, 'reports')).toBe(before + 1);
      expect(await countRows(w.t, 'report_screenshots')).toBe(2);
    });
  });
});
