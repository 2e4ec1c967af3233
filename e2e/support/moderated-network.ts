import type { Browser } from '@playwright/test';
import { ownerWithServer } from './networks';
import { gameServer, type FakePlayer } from './plugin';

/**
 * A network with something on every screen: an owner (signed in, a browser of their own) of one
 * server that reports 25 players, one of them banned for a week, and an F7 report from another.
 */
export const moderatedNetwork = async (browser: Browser, label: string) => {
  const stamp = Date.now().toString(36);
  const setup = await ownerWithServer(browser, {
    user: `${label}_${stamp}`.slice(0, 20),
    network: `Screens ${label} ${stamp}`,
    server: 'EU Main',
    address: '203.0.113.210:28015',
  });
  const { owner, ownerApi, server } = setup;
  const players: FakePlayer[] = Array.from({ length: 25 }, (_, i) => ({
    steamId: `7656119800002${String(1000 + i)}`,
    name: i === 0 ? 'Zed Raider' : `Player ${String(i).padStart(2, '0')}`,
    ip: `203.0.113.${i + 1}`,
  }));
  const [cheater, reporter] = players as [FakePlayer, FakePlayer];
  await gameServer(owner.request, server.token).heartbeat(players);
  await ownerApi.post(`/api/players/${cheater.steamId}/ban`, {
    serverId: server.id,
    reason: 'Aimbot at the outpost monument, seen from three angles',
    duration: '7d',
  });

  // The game server sends an F7 report as the game does.
  const { reportsPath, reportsKey } = await ownerApi.get<{ reportsPath: string; reportsKey: string }>(
    `/api/servers/${server.id}`,
  );
  const sent = await owner.request.post(reportsPath, {
    form: {
      userid: reporter.steamId,
      key: reportsKey,
      data: JSON.stringify({
        Subject: 'Wallhack near the launch site',
        Message: `${cheater.name} tracks everyone through the walls of the launch site`,
        Type: 2,
        TargetId: cheater.steamId,
        TargetName: cheater.name,
        AppInfo: { UserId: reporter.steamId, UserName: reporter.name },
      }),
    },
  });
  if (sent.status() !== 201) throw new Error(`the report answered ${sent.status()}`);
  return { ...setup, players, cheater, reporter };
};
