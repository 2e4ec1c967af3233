// Plays a game server's plugin against the test app: add a server, send heartbeats and events.
import type { CreateServerResponse } from '@outpost/contracts';
import type { SignedIn } from './auth';
import { expectStatus } from './crew';
import type { TestApp } from './test-app';

export type FakePlayer = {
  steamId: string;
  name: string;
  ip?: string;
  connectedSeconds?: number;
  groups?: string[];
};

export type PluginCommandSent = { id: string; type: string; steamId: string; reason: string };

export const addServer = async (
  owner: SignedIn,
  networkId: string,
  name = 'EU Main',
): Promise<CreateServerResponse> =>
  (
    expectStatus(await owner.agent.post(`/api/servers/network/${networkId}`).send({ name }), 201).body as {
      data: CreateServerResponse;
    }
  ).data;

export const pluginCall = (t: TestApp, token: string, path: string, body: unknown) =>
  t.http
    .post(`/api/plugin/v1/${path}`)
    .set('Authorization', `Bearer ${token}`)
    .send(body as object);

/** Sends a heartbeat and answers the commands it delivered. */
export const heartbeat = async (
  t: TestApp,
  token: string,
  players: FakePlayer[],
  extra: Record<string, unknown> = {},
): Promise<PluginCommandSent[]> => {
  const res = expectStatus(
    await pluginCall(t, token, 'heartbeat', { maxPlayers: 100, map: 'Procedural Map', ...extra, players }),
    200,
  );
  const data = res.body.data as { commands: PluginCommandSent[]; nextHeartbeatSeconds: number };
  expect(data.nextHeartbeatSeconds).toBe(10);
  return data.commands;
};

/** A steamId of the SteamID64 shape, distinct per n. */
export const steamIdOf = (n: number): string => `7656119800${String(n).padStart(7, '0')}`;

/** The server sends one F7 report (steamIdOf(1) about steamIdOf(2)) as a plugin event, stored once by its id. */
export const sendReportEvent = async (t: TestApp, token: string, id: string, message = 'snaps to heads') => {
  const event = {
    id,
    type: 'report',
    at: new Date().toISOString(),
    reporterSteamId: steamIdOf(1),
    targetSteamId: steamIdOf(2),
    subject: 'aimbot',
    message,
  };
  expectStatus(await pluginCall(t, token, 'events', { events: [event] }), 200);
};
