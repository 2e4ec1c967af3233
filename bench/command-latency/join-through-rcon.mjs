// bench/command-latency, join: from the moment the game prints a player's join line (and its
// disconnect line) to the moment the players API shows them online (and gone), for a vanilla
// server the panel connects to itself (PUT /api/servers/{id}/rcon): the RCON translator in the API
// hears the line, asks the game for its roster and sends the heartbeat. The game is the WebRCON
// emulator, in this process. Target: p95 < 2 s.
// Beside it, in the same run: a player who comes without a line (the roster changes, the console
// says nothing), seen only at the next roster poll (the heartbeat, every 10 s): how long a join
// took before the lines refreshed the roster; and a bare loopback round trip.
import { startWebRconEmulator } from '@outpost/rcon/testing';
import {
  connectPanelRcon,
  formatLatency,
  signIn,
  sleep,
  startBareHttp,
  summarize,
  until,
  verdict,
} from '../support/api.mjs';
import { startPanel } from '../support/panel.mjs';

const JOINS = Number(process.env.BENCH_JOINS ?? 20);
const SILENT_JOINS = Number(process.env.BENCH_SILENT_JOINS ?? 4);
const TARGET_MS = 2_000;
const PASSWORD = 'bench rcon password';
const POLL_MS = 25;

const playerAt = (i) => ({ steamId: String(76_561_198_000_200_000n + BigInt(i)), name: `Joiner ${i}` });

/** Runs the measure on a panel started with `env`; answers whether the target was met. */
export const joinLatency = async (label, env) => {
  const panel = await startPanel({ ...env, DEMO: 'false', LOG_LEVEL: 'error' });
  const emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Bench Joins' });
  const bare = await startBareHttp();
  try {
    const owner = await signIn(panel, `bench-join-${Date.now()}@example.com`);
    const network = await owner.call('POST', '/api/networks', { name: 'Bench Network' });
    const server = await owner.call('POST', `/api/servers/network/${network.id}`, { name: 'Bench Joins' });
    const online = async () => {
      const query = new URLSearchParams({ networkId: network.id, serverId: server.id, limit: '100' });
      const { players } = await owner.call('GET', `/api/players?${query}`);
      return new Set(players.filter((p) => p.status === 'online').map((p) => p.steamId));
    };
    /** ms from `started` until the players API shows `steamId` online (or not). */
    const shown = async (steamId, wanted, started) => {
      await until(
        async () => (await online()).has(steamId) === wanted,
        `${steamId} ${wanted ? 'in' : 'out'}`,
        { everyMs: POLL_MS },
      );
      return performance.now() - started;
    };

    await connectPanelRcon(owner, server.id, emulator, PASSWORD);

    const joins = [];
    const leaves = [];
    const httpRounds = [];
    for (let n = 0; n < JOINS; n += 1) {
      const player = playerAt(n);
      let started = performance.now();
      emulator.addPlayer(player);
      joins.push(await shown(player.steamId, true, started));
      started = performance.now();
      emulator.removePlayer(player.steamId);
      leaves.push(await shown(player.steamId, false, started));
      httpRounds.push(await bare.roundTrip());
      // Apart from the last refresh, so each join is a refresh of its own.
      await sleep(1_100);
    }

    const silent = [];
    for (let n = 0; n < SILENT_JOINS; n += 1) {
      const player = emulator.game.newPlayer(playerAt(JOINS + n));
      // A random moment of the heartbeat's interval, as a join falls in real life.
      await sleep(Math.random() * 10_000);
      const started = performance.now();
      emulator.game.players.set(player.steamId, player);
      silent.push(await shown(player.steamId, true, started));
    }

    const join = summarize(joins);
    const leave = summarize(leaves);
    console.log(
      `  ${label}: 1 server connected by the panel to a WebRCON emulator, ${JOINS} joins and leaves, ${SILENT_JOINS} without a line`,
    );
    console.log(`    bare loopback round trip        ${formatLatency(summarize(httpRounds))}`);
    console.log(`    join without a line (poll)      ${formatLatency(summarize(silent))}`);
    console.log(`    join line -> shown online       ${formatLatency(join)}   ${verdict(join, TARGET_MS)}`);
    console.log(`    disconnect line -> shown gone   ${formatLatency(leave)}   ${verdict(leave, TARGET_MS)}`);
    return join.p95 < TARGET_MS && leave.p95 < TARGET_MS;
  } finally {
    await panel.stop();
    await emulator.stop();
    await bare.close();
  }
};
