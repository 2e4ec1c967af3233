// The F7 reports suites' world: a network with two servers and a player pair who report each
// other, a second network with a server of its own, and the calls those suites make.
import type { ReportItem, ReportsResponse } from '@outpost/contracts';
import type { TestApp } from './test-app';
import { createWorld, expectStatus, type Crew } from './crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './plugin';

export type ReportsServer = {
  id: string;
  token: string;
  reportsPath?: string;
  reportsKey?: string;
  banCheckPath?: string;
};

export const rex = { steamId: steamIdOf(801), name: 'Rex' };
export const bob = { steamId: steamIdOf(802), name: 'Bob' };
/** A JPEG's first bytes and a little more: enough for the panel to take it as one. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 7)]);

/** The JSON the game puts in the form's `data` field (Facepunch's "Receiving Reports" page). */
export const nativeData = (extra: Record<string, unknown> = {}) => ({
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

export type ReportsWorld = {
  t: TestApp;
  crew: Crew;
  other: Crew;
  main: ReportsServer;
  second: ReportsServer;
  foreign: ReportsServer;
};

/**
 * Builds the world before the suite's tests (and closes it after them). The world's fields are
 * filled in then; the helpers read them when called.
 */
export const useReportsWorld = () => {
  const w = {} as ReportsWorld;
  beforeAll(async () => {
    const { t, crew, other } = await createWorld();
    const main = await addServer(crew.owner, crew.network.id, 'EU Main');
    const second = await addServer(crew.owner, crew.network.id, 'EU Second');
    const foreign = await addServer(other.owner, other.network.id, 'Elsewhere');
    await heartbeat(t, main.token, [rex, bob]);
    Object.assign(w, { t, crew, other, main, second, foreign });
  }, 60_000);
  afterAll(() => w.t.close());

  /** A plugin's F7 report event: Rex reports Bob. */
  const sendReportEvent = async (server: ReportsServer, id: string, extra: Record<string, unknown> = {}) =>
    expectStatus(
      await pluginCall(w.t, server.token, 'events', {
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
  /** The game's POST to a server's reports URL (a form). */
  const postNative = (server: ReportsServer, fields: Record<string, string>, path = server.reportsPath!) =>
    w.t.http.post(path).type('form').send(fields);
  const inbox = async (path: string, query = '') =>
    expectStatus(await w.crew.moderator.agent.get(`${path}${query}`), 200).body.data as ReportsResponse;
  /** The crew network's report with this subject, as a moderator reads it. */
  const reportWith = async (subject: string): Promise<ReportItem> => {
    const { reports } = await inbox(`/api/networks/${w.crew.network.id}/reports`, '?limit=200');
    const found = reports.find((report) => report.subject === subject);
    if (!found) throw new Error(`no report "${subject}"`);
    return found;
  };
  return { w, sendReportEvent, postNative, inbox, reportWith };
};
