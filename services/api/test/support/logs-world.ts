// The world the Logs API suites read: two servers of one network with every kind of line, and
// another network's server.
import type { CreateServerResponse, LogEntry, LogsResponse } from '@outpost/contracts';
import { createWorld, expectStatus, statusesFor, type Actor, type Crew } from './crew';
import { addServer, heartbeat, pluginCall, steamIdOf } from './plugin';
import type { TestApp } from './index';

/** Whether an actor reads a connect line's IP (players.viewIp), from the one matrix. */
export const canViewIp = (actor: Actor) => statusesFor('players.viewIp')[actor] === 200;

export const ADA = steamIdOf(1);
export const BOB = steamIdOf(2);
/** Never in a heartbeat: the network knows no name for them but what their events said. */
export const CLEO = steamIdOf(3);
export const NOBODY = steamIdOf(9);

/** Whole seconds, an hour ago: well inside the retention. */
export const T0 = Math.floor((Date.now() - 60 * 60_000) / 1000) * 1000;
export const at = (ms: number) => new Date(T0 + ms).toISOString();

let sequence = 0;
/** The id the last event sent got. */
export const lastEventId = () => `evt-${sequence}`;
/** Posts events as the server's plugin; each gets a fresh id. */
export const sendEvents = async (t: TestApp, token: string, events: Record<string, unknown>[]) =>
  expectStatus(
    await pluginCall(t, token, 'events', {
      events: events.map((event) => ({ id: `evt-${++sequence}`, ...event })),
    }),
    200,
  );

export type Agent = Crew['owner']['agent'];
export const readAs = async (agent: Agent, path: string, query = ''): Promise<LogsResponse> =>
  expectStatus(await agent.get(`${path}${query ? `?${query}` : ''}`), 200).body.data as LogsResponse;

/** Every page of a query, following nextCursor. */
export const allPages = async (agent: Agent, path: string, query: string): Promise<LogsResponse[]> => {
  const pages: LogsResponse[] = [];
  let before: string | null = null;
  do {
    const page = await readAs(agent, path, `${query}${before ? `&before=${before}` : ''}`);
    pages.push(page);
    before = page.nextCursor;
  } while (before && pages.length < 50);
  return pages;
};

export const newestFirst = (a: LogEntry, b: LogEntry) =>
  b.at.localeCompare(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export type LogsWorld = {
  t: TestApp;
  crew: Crew;
  other: Crew;
  main: CreateServerResponse;
  east: CreateServerResponse;
  theirs: CreateServerResponse;
};

export const createLogsWorld = async (): Promise<LogsWorld> => {
  const { t, crew, other } = await createWorld();
  const main = await addServer(crew.owner, crew.network.id, 'EU Main');
  const east = await addServer(crew.owner, crew.network.id, 'US East');
  const theirs = await addServer(other.owner, other.network.id, 'Theirs');

  await heartbeat(t, main.token, [
    { steamId: ADA, name: 'Ada' },
    { steamId: BOB, name: 'Bob_Builder' },
  ]);
  await sendEvents(t, main.token, [
    { type: 'connect', at: at(1_000), steamId: ADA, name: 'Ada', ip: '203.0.113.7' },
    { type: 'connect', at: at(2_000), steamId: CLEO, name: 'Cleo' },
    { type: 'chat', at: at(3_000), steamId: ADA, name: 'AdaOld', message: 'Anyone selling Sulfur?' },
    { type: 'chat', at: at(4_000), steamId: BOB, channel: 'team', message: 'discount 100% off' },
    { type: 'chat', at: at(5_000), steamId: CLEO, message: 'discount 1000 off' },
    {
      type: 'kill',
      at: at(6_000),
      killerSteamId: ADA,
      victimSteamId: NOBODY,
      weapon: 'rifle.ak',
      distance: 87.5,
      headshot: true,
    },
    {
      type: 'report',
      at: at(7_000),
      reporterSteamId: BOB,
      targetSteamId: ADA,
      subject: 'Cheating',
      message: 'aimbot a_b',
    },
    { type: 'disconnect', at: at(8_000), steamId: CLEO, reason: 'Disconnected' },
    { type: 'console', at: at(9_000), level: 'warning', message: 'Saved 41,201 ents axb' },
    { type: 'log', at: at(10_000), message: 'Oxide plugin loaded' },
  ]);
  await sendEvents(t, east.token, [
    { type: 'chat', at: at(2_500), steamId: BOB, message: 'hello from the east' },
  ]);
  await sendEvents(t, theirs.token, [
    { type: 'chat', at: at(3_500), steamId: ADA, message: 'not yours Sulfur' },
  ]);
  return { t, crew, other, main, east, theirs };
};
