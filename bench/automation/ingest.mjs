// bench/automation, part 1: chat event batches into one panel (PostgreSQL), sent as fast as the
// panel takes them, to two worlds of the same shape: in one the networks' 1,000 chat triggers are
// enabled, in the other the same triggers are disabled. The two take turns (which one goes first
// alternates), so a slower or faster spell of the machine falls on both. The triggers answer after
// the panel has answered the batch, so each turn lasts until the panel is quiet again (the work its
// batches left behind counted in its time) before the other world's turn begins.
// Target: events/s with the triggers >= 0.9x without.
import { percentile, sleep } from '../support/api.mjs';
import { loadClient, pluginCall } from '../support/load-client.mjs';
import { countCpu, cpuMsOf } from '../support/process-cpu.mjs';
import { load } from '../ingest/load.mjs';
import { backendsOf, seedWorld } from './world.mjs';

const TARGET = 0.9;
const PLAYERS = 20;
const BATCH = 10;
/** One chat line in this many says "!discord", which two triggers of its network answer. */
const MATCH_EVERY = 250;
/** The panel counts as quiet once it uses less than this share of a core over QUIET_WINDOW_MS. */
const QUIET_SHARE = 0.2;
const QUIET_WINDOW_MS = 100;
const DRAIN_AT_MOST_MS = 5_000;

const WORDS = ['vote', 'shop', 'kit', 'tpr', 'home', 'rules', 'aimbot', 'esp', 'cheat', 'macro'];
const WORDS_TOO = ['recoil', 'spinbot', 'dupe', 'exploit', 'scam', 'offline', 'zerg', 'ddos', 'doxx'];
// Rules an admin writes for chat; none of them matches CHATTER.
const SHAPES = [
  (w) => `^!${w}\\b`,
  (w) => `\\b${w}\\b`,
  (w) => `\\b(?:sell|selling|wts)\\s+\\d+k?\\s+${w}`,
  (w) => `${w}\\.(?:com|gg|net)\\b`,
  (w) => `\\b(?:${w}|${w}s|${w}ing)\\b`,
  (w) => `\\b${w}\\s*(?:bot|hack|script)\\b`,
  (w) => `\\b(?:report|ban)\\s+${w}\\b`,
];
const CHATTER = [
  'gg',
  'anyone trading sulfur for metal',
  'where is the nearest recycler',
  'who is at launch site',
  'need a duo for tonight',
  'nice base at the lake',
  'heli down at dome',
  'stop shooting me please',
  'any clans recruiting?',
  'lol that was close',
];

/** The network's `count` chat triggers: two that answer "!discord", the rest rules that do not match. */
const triggersOf = (network, count, enabled) =>
  Array.from({ length: count }, (_, k) => {
    if (k === 0)
      return {
        name: 'Discord link',
        enabled,
        serverIds: null,
        trigger: { event: 'chat.message', pattern: '^!discord\\b' },
        actions: [{ type: 'broadcast', message: 'Our Discord: discord.gg/example' }],
      };
    if (k === 1)
      return {
        name: 'Discord, once per player',
        enabled,
        serverIds: null,
        perPlayerCooldownSeconds: 600,
        trigger: { event: 'chat.message', pattern: '\\bdiscord\\b' },
        actions: [{ type: 'warn', message: 'The link is in the server info, {player.name}' }],
      };
    const words = k % 2 ? WORDS : WORDS_TOO;
    const pattern = SHAPES[k % SHAPES.length](words[Math.floor(k / 2) % words.length]);
    return {
      name: `Rule ${k}`,
      enabled,
      // Every 4th names a few of the network's servers; every 5th listens to team chat only.
      serverIds: k % 4 === 0 ? network.servers.slice(0, 5).map((server) => server.id) : null,
      trigger: { event: 'chat.message', pattern, ...(k % 5 === 0 ? { channel: 'team' } : {}) },
      actions: [{ type: 'warn', message: `Rule ${k}: mind your language, {player.name}` }],
    };
  });

/** The players online on the server (the ones who chat): SteamIDs of their own, numbered by server. */
const playersOf = (server) =>
  Array.from({ length: PLAYERS }, (_, i) => ({
    steamId: `7656119${String(server).padStart(5, '0')}${String(i).padStart(5, '0')}`,
    name: `Player ${server}-${i}`,
  }));

/** A world: `servers` servers over `networks` networks, `triggers` chat triggers over the networks. */
const makeWorld = async (panel, { label, networks, servers, triggers, enabled, first }) => {
  const { owner, networks: made } = await seedWorld(panel, { networks, servers, label });
  for (const [n, network] of made.entries()) {
    const count = Math.floor(triggers / networks) + (n < triggers % networks ? 1 : 0);
    for (const body of triggersOf(network, count, enabled))
      await owner.call('POST', `/api/networks/${network.id}/automations`, body);
  }
  // Numbered from `first`, so the two worlds' players have their own SteamIDs.
  return made
    .flatMap((network) => network.servers)
    .map((server, i) => ({ ...server, heartbeat: { players: playersOf(first + i) } }));
};

/** Waits until the panel is quiet (see QUIET_SHARE); answers how long that took (ms). */
const drain = async (pid) => {
  const started = performance.now();
  let before = cpuMsOf(pid);
  while (performance.now() - started < DRAIN_AT_MOST_MS) {
    await sleep(QUIET_WINDOW_MS);
    const now = cpuMsOf(pid);
    if (now - before < QUIET_SHARE * QUIET_WINDOW_MS) break;
    before = now;
  }
  return performance.now() - started;
};

/**
 * Runs the ingest comparison on `panel` (PostgreSQL, reached by `sql` too) and prints it; answers
 * whether its target was met.
 */
export async function ingestWithTriggers(
  panel,
  sql,
  { servers, networks, triggers, concurrency, seconds, rounds },
) {
  const client = loadClient({ connections: concurrency });
  try {
    const sides = {
      without: await makeWorld(panel, {
        label: 'off',
        networks,
        servers,
        triggers,
        enabled: false,
        first: 0,
      }),
      with: await makeWorld(panel, {
        label: 'on',
        networks,
        servers,
        triggers,
        enabled: true,
        first: servers,
      }),
    };
    const plugin = (server, route, body) =>
      client.json(
        'POST',
        `${panel.url}/api/plugin/v1/${route}`,
        pluginCall(server.token, JSON.stringify(body)),
      );
    let matching = 0;
    let sent = 0;
    let stored = 0;
    const batchTo = (list) => {
      let next = 0;
      return async () => {
        const n = next++;
        const server = list[n % list.length];
        const events = Array.from({ length: BATCH }, (_, i) => {
          const line = n * BATCH + i;
          const match = line % MATCH_EVERY === 0;
          if (match && list === sides.with) matching += 1;
          return {
            id: `chat-${n}-${i}`,
            type: 'chat',
            at: new Date().toISOString(),
            steamId: server.heartbeat.players[line % PLAYERS].steamId,
            name: server.heartbeat.players[line % PLAYERS].name,
            message: match ? '!discord' : CHATTER[line % CHATTER.length],
          };
        });
        sent += events.length;
        const answer = await plugin(server, 'events', { events });
        if (!answer) return false;
        stored += answer.data.accepted;
        return true;
      };
    };
    // Every server of both worlds reports its players (the steady state of a live network), right
    // before the turns: they then end long before a server silent for 30 s is set offline.
    for (const list of Object.values(sides))
      for (let i = 0; i < list.length; i += concurrency)
        await Promise.all(
          list
            .slice(i, i + concurrency)
            .map((server) =>
              plugin(server, 'heartbeat', { maxPlayers: 200, map: 'Procedural Map', ...server.heartbeat }),
            ),
        );
    const tasks = { without: batchTo(sides.without), with: batchTo(sides.with) };
    // A second each, unmeasured: the JIT warms up on both, and each world's trigger lists are read.
    for (const task of Object.values(tasks)) await load(task, { concurrency, seconds: 1 });
    await drain(panel.pid);
    const runsBefore = Number((await sql.query('SELECT count(*) AS n FROM automation_runs')).rows[0].n);
    const sentBefore = sent;
    const storedBefore = stored;
    const matchingBefore = matching;

    const backends = new Set();
    const cpuGroups = { panel: ({ pid }) => pid === panel.pid, PostgreSQL: ({ pid }) => backends.has(pid) };
    const totals = Object.fromEntries(
      Object.keys(tasks).map((name) => [
        name,
        { batches: 0, ms: 0, drainMs: 0, latencies: [], errors: 0, cpuMs: { panel: 0, PostgreSQL: 0 } },
      ]),
    );
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
      for (const name of order) {
        for (const pid of await backendsOf(sql)) backends.add(pid);
        const used = countCpu(cpuGroups);
        const started = performance.now();
        const turn = await load(tasks[name], { concurrency, seconds: seconds / rounds });
        const drainMs = await drain(panel.pid);
        const total = totals[name];
        total.ms += performance.now() - started;
        total.drainMs += drainMs;
        total.batches += turn.latencies.length;
        total.latencies.push(...turn.latencies);
        total.errors += turn.errors;
        for (const [label, ms] of Object.entries(used())) total.cpuMs[label] += ms;
      }
    }
    const runs =
      Number((await sql.query('SELECT count(*) AS n FROM automation_runs')).rows[0].n) - runsBefore;

    const rate = (name) => (totals[name].batches * BATCH * 1000) / totals[name].ms;
    const ratio = rate('with') / rate('without');
    const lost = sent - sentBefore - (stored - storedBefore);
    const line = (label, name) => {
      const t = totals[name];
      const cpu = Object.entries(t.cpuMs)
        .map(([who, ms]) => `${who} ${((ms * 1000) / t.batches).toFixed(0)}`)
        .join(', ');
      return (
        `    ${label.padEnd(26)}${rate(name).toFixed(0).padStart(6)} events/s   p99 ${percentile(t.latencies, 99).toFixed(1)} ms   errors ${t.errors}   drain ${(t.drainMs / rounds).toFixed(0)} ms a turn\n` +
        `${''.padEnd(32)}CPU µs per batch of ${BATCH}: ${cpu}`
      );
    };
    const met = ratio >= TARGET && lost === 0 && totals.with.errors === 0 && totals.without.errors === 0;
    console.log(
      `  ingest with chat triggers beside without (PostgreSQL): ${servers} servers over ${networks} networks in each world, ${triggers} triggers, ${concurrency} concurrent, ${rounds} turns of ${(seconds / rounds).toFixed(1)} s each`,
    );
    console.log(line('triggers disabled', 'without'));
    console.log(line(`${triggers} triggers enabled`, 'with'));
    console.log(
      `    ratio ${ratio.toFixed(2)}x (target >= ${TARGET.toFixed(2)}x: ${ratio >= TARGET ? 'PASS' : 'FAIL'})   "!discord" lines ${matching - matchingBefore}, runs started ${runs}   events lost ${lost} (target 0)`,
    );
    return met;
  } finally {
    await client.close();
  }
}
