// bench/command-latency, kick: from POST /api/players/{steamId}/kick to the moment the game
// receives `kick <steamid> "<reason>"`, for a vanilla server the panel connects to itself (PUT
// /api/servers/{id}/rcon): the API queues the command, the server's long-poll answers, the RCON
// translator in the API sends it over WebRCON. The game is the WebRCON emulator, in this process.
// Beside it, measured in turn with each kick: a bare loopback HTTP round trip (the first hop's
// floor) and a WebRCON command's round trip straight to the emulator (the last hop's floor).
// Target: p95 < 250 ms. Then, for the same kicks, how soon the person who kicked can read its
// outcome: the command's status (GET /api/servers/{id}/commands/{commandId}) once the game answered.
// A kicked player rejoins at once; they are kicked again only once a heartbeat after their return
// has reached the panel and the players API shows them online there, as an admin would see them.
import { WebRconClient } from '@outpost/rcon';
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

const KICKS = Number(process.env.BENCH_KICKS ?? 100);
// The panel asks for a heartbeat every 10 s and a player can be kicked once per heartbeat, so
// the players set how long the run takes (about KICKS / PLAYERS heartbeats).
const PLAYERS = 20;
const TARGET_MS = 250;
const PASSWORD = 'bench rcon password';
const KICK_TIMEOUT_MS = 10_000;

const playerAt = (i) => ({ steamId: String(76_561_198_000_100_000n + BigInt(i)), name: `Bench Player ${i}` });

/**
 * When the emulator receives each command: a kick resolves its waiter with the time it arrived
 * (performance.now()), and every `playerlist` (the translator's heartbeat asking for the players)
 * is kept with its wall-clock time, to tell when a heartbeat has seen a rejoined player.
 */
const listen = (emulator) => {
  const kicks = new Map();
  const playerLists = [];
  // The emulator records each command line in `received` as its frame arrives, before answering
  // it: timing the push times the arrival, without polling the list.
  const { received } = emulator;
  const push = received.push;
  received.push = (...lines) => {
    const at = performance.now();
    for (const line of lines) {
      const [command, steamId] = line.trim().split(/\s+/);
      if (command === 'kick') kicks.get(steamId)?.(at);
      else if (command === 'playerlist') playerLists.push(Date.now());
    }
    return push.apply(received, lines);
  };
  return {
    /** Resolves with the arrival time of the next kick of `steamId`, or null after the time limit. */
    kick(steamId) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          kicks.delete(steamId);
          resolve(null);
        }, KICK_TIMEOUT_MS);
        kicks.set(steamId, (at) => {
          clearTimeout(timer);
          kicks.delete(steamId);
          resolve(at);
        });
      });
    },
    /** The wall-clock time of the first `playerlist` asked after `since`, or null. */
    playerListAfter: (since) => playerLists.find((at) => at > since) ?? null,
  };
};

/** Runs the measure on a panel started with `env`; answers whether the target was met. */
export const kickLatency = async (label, env) => {
  const panel = await startPanel({ ...env, DEMO: 'false', LOG_LEVEL: 'error' });
  const emulator = await startWebRconEmulator({ password: PASSWORD, hostname: 'Bench Vanilla' });
  const bare = await startBareHttp();
  const rcon = new WebRconClient({ host: emulator.host, port: emulator.port, password: PASSWORD });
  try {
    const owner = await signIn(panel, `bench-kick-${Date.now()}@example.com`);
    const network = await owner.call('POST', '/api/networks', { name: 'Bench Network' });
    const server = await owner.call('POST', `/api/servers/network/${network.id}`, { name: 'Bench Vanilla' });
    const players = Array.from({ length: PLAYERS }, (_, i) => playerAt(i));
    for (const player of players) emulator.addPlayer(player);
    const heard = listen(emulator);

    const online = async () => {
      const query = new URLSearchParams({ networkId: network.id, serverId: server.id, limit: '100' });
      const { players: rows } = await owner.call('GET', `/api/players?${query}`);
      return new Set(
        rows.filter((p) => p.status === 'online' && p.serverId === server.id).map((p) => p.steamId),
      );
    };

    // Connected as an admin would: the address and password, then the state and the players.
    await connectPanelRcon(owner, server.id, emulator, PASSWORD);
    await until(async () => (await online()).size === PLAYERS, "the emulator's players in the panel");
    await rcon.connect();

    /** When each player rejoined after their kick (absent: never kicked). */
    const rejoined = new Map();
    /** Seen again: a heartbeat asked the game for its players after they rejoined, and was stored. */
    const seenAgain = (steamId, lastSeenAt) => {
      if (!rejoined.has(steamId)) return true;
      const listed = heard.playerListAfter(rejoined.get(steamId));
      return listed !== null && lastSeenAt !== null && Date.parse(lastSeenAt) >= listed;
    };
    const queue = players.map((p) => p.steamId);
    /** The longest-waiting player the panel shows online again; waits for one if none is yet. */
    const nextToKick = async () => {
      for (;;) {
        const { lastSeenAt } = await owner.call('GET', `/api/servers/${server.id}`);
        const ready = queue.filter((steamId) => seenAgain(steamId, lastSeenAt));
        if (ready.length) {
          const shown = await online();
          const steamId = ready.find((id) => shown.has(id));
          if (steamId) {
            queue.splice(queue.indexOf(steamId), 1);
            queue.push(steamId);
            return steamId;
          }
        }
        await sleep(100);
      }
    };

    const latencies = [];
    const httpRounds = [];
    const rconRounds = [];
    const outcomes = [];
    let lost = 0;
    let notKicked = 0;
    let notConfirmed = 0;
    for (let n = 0; n < KICKS; n += 1) {
      const steamId = await nextToKick();
      const arrival = heard.kick(steamId);
      const started = performance.now();
      const { commandId } = await owner.call('POST', `/api/players/${steamId}/kick`, {
        serverId: server.id,
        reason: `Bench kick ${n}`,
      });
      const at = await arrival;
      if (at === null) lost += 1;
      else latencies.push(at - started);
      // The outcome as the person who kicked reads it: the command's status, once the game answered.
      if (at !== null) {
        let command = await owner.call('GET', `/api/servers/${server.id}/commands/${commandId}`);
        while (command.status === 'pending' || command.status === 'delivered') {
          await sleep(2);
          command = await owner.call('GET', `/api/servers/${server.id}/commands/${commandId}`);
        }
        if (command.status === 'succeeded') outcomes.push(performance.now() - started);
        else notConfirmed += 1;
      }
      // The command arrived before the game ran it; the player must be gone once it has.
      await sleep(0);
      if (emulator.game.players.has(steamId)) notKicked += 1;
      emulator.removePlayer(steamId);
      emulator.addPlayer(players.find((p) => p.steamId === steamId));
      rejoined.set(steamId, Date.now());

      // The baselines in turn with the kicks, so a slower spell of the machine falls on all three.
      httpRounds.push(await bare.roundTrip());
      const t0 = performance.now();
      const reply = await rcon.command('server.seed');
      if (!reply.frame) throw new Error('the emulator did not answer server.seed');
      rconRounds.push(performance.now() - t0);
    }

    const kick = summarize(latencies.length ? latencies : [Infinity]);
    const outcome = summarize(outcomes.length ? outcomes : [Infinity]);
    console.log(
      `  ${label}: 1 server connected by the panel to a WebRCON emulator with ${PLAYERS} players, ${KICKS} kicks`,
    );
    console.log(`    bare loopback round trip   ${formatLatency(summarize(httpRounds))}`);
    console.log(`    WebRCON round trip         ${formatLatency(summarize(rconRounds))}`);
    console.log(
      `    kick -> WebRCON emulator   ${formatLatency(kick)}   ${verdict(kick, TARGET_MS)}   lost ${lost}, not kicked ${notKicked}`,
    );
    console.log(
      `    kick -> outcome confirmed  ${formatLatency(outcome)}   (the command's status read by the panel's API, polled every 2 ms; not confirmed ${notConfirmed})`,
    );
    return kick.p95 < TARGET_MS && lost === 0 && notKicked === 0;
  } finally {
    rcon.close();
    await panel.stop();
    await emulator.stop();
    await bare.close();
  }
};
