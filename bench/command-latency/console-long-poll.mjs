// bench/command-latency: from POST /api/servers/{id}/console to the answer of the plugin's
// long-poll (GET /api/plugin/v1/commands?wait=30), with SERVERS servers long-polling at once, on
// SQLite and on PostgreSQL; beside a bare loopback HTTP round trip (a Node server in this process
// answering "ok") measured in the same run, under the same open long-polls.
// Target: p95 < 100 ms. The console allows 30 commands a minute per user, so the commands are
// typed by USERS admins in turn.
// (A kick through the WebRCON translator to the emulator, p95 < 250 ms, is still to be added.)
import { createServer } from 'node:http';
import { percentile, signIn } from '../support/api.mjs';
import { freshPostgres } from '../support/database.mjs';
import { startPanel } from '../support/panel.mjs';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 200);
const USERS = 8;
const COMMANDS_PER_USER = 25;

/** Answers the samples' median, p95 and maximum, in ms. */
const summary = (samples) => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  max: Math.max(...samples),
});
const format = ({ p50, p95, max }) =>
  `p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${max.toFixed(1)} ms`;

/** A bare HTTP server on loopback: the floor a round trip through Node's HTTP stack costs. */
const startBare = () =>
  new Promise((resolve) => {
    const server = createServer((req, res) => res.end('ok'));
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

/** The owner's network with SERVERS servers and USERS - 1 admins beside the owner. */
const setUp = async (panel) => {
  const stamp = Date.now();
  const owner = await signIn(panel, `bench-owner-${stamp}@example.com`);
  const network = await owner.call('POST', '/api/networks', { name: 'Bench Network' });
  const users = [owner];
  for (let i = 1; i < USERS; i += 1) {
    const admin = await signIn(panel, `bench-admin-${i}-${stamp}@example.com`);
    const invite = await owner.call('POST', '/api/invites', { networkId: network.id, maxUses: 1 });
    await admin.call('POST', '/api/invites/join', { inviteCode: invite.code });
    users.push(admin);
  }
  const members = await owner.call('GET', `/api/networks/${network.id}/members`);
  for (const member of members)
    if (member.role === 'member')
      await owner.call('PATCH', `/api/networks/${network.id}/members/${member.id}`, { role: 'admin' });
  const servers = [];
  for (let i = 0; i < SERVERS; i += 1)
    servers.push(await owner.call('POST', `/api/servers/network/${network.id}`, { name: `Bench ${i}` }));
  return { users, servers };
};

/**
 * Every server long-polls without pause; `arrived(id)` resolves when a command reaches its
 * server's long-poll. Answers the waits' stop function.
 */
const longPoll = (panel, servers) => {
  const waiting = new Map();
  const early = new Map();
  let stopped = false;
  const controller = new AbortController();
  let errors = 0;
  const loops = servers.map(async (server) => {
    while (!stopped) {
      try {
        const res = await fetch(`${panel.url}/api/plugin/v1/commands?wait=30`, {
          headers: { Authorization: `Bearer ${server.token}` },
          signal: controller.signal,
        });
        const body = await res.json();
        if (!res.ok) throw new Error(`long-poll answered ${res.status}`);
        const at = performance.now();
        for (const command of body.data.commands) {
          const resolve = waiting.get(command.id);
          if (resolve) resolve(at);
          else early.set(command.id, at);
        }
      } catch {
        if (stopped) return;
        errors += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
  return {
    arrived: (id) =>
      early.has(id) ? Promise.resolve(early.get(id)) : new Promise((resolve) => waiting.set(id, resolve)),
    errors: () => errors,
    async stop() {
      stopped = true;
      controller.abort();
      await Promise.allSettled(loops);
    },
  };
};

const runOn = async (label, env) => {
  const panel = await startPanel({ ...env, DEMO: 'false', LOG_LEVEL: 'error', SIGN_IN_LIMIT_PER_IP: '1000' });
  const bare = await startBare();
  const bareUrl = `http://127.0.0.1:${bare.address().port}/`;
  let polls;
  try {
    const { users, servers } = await setUp(panel);
    polls = longPoll(panel, servers);
    // Every long-poll is open (and the first of each answered by its first read) before measuring.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const latencies = [];
    const rounds = [];
    for (let n = 0; n < USERS * COMMANDS_PER_USER; n += 1) {
      const user = users[n % USERS];
      const server = servers[(n * 7) % servers.length];
      const started = performance.now();
      const { id } = await user.call('POST', `/api/servers/${server.id}/console`, { command: `say ${n}` });
      latencies.push((await polls.arrived(id)) - started);
      // The baseline in turn with the commands, so a slower spell of the machine falls on both.
      const t0 = performance.now();
      await (await fetch(bareUrl)).text();
      rounds.push(performance.now() - t0);
    }
    const command = summary(latencies);
    console.log(`  ${label}: ${servers.length} servers long-polling, ${latencies.length} console commands`);
    console.log(`    bare loopback round trip   ${format(summary(rounds))}`);
    console.log(
      `    console -> long-poll       ${format(command)}   (target p95 < 100 ms)   long-poll errors ${polls.errors()}`,
    );
    return command.p95 < 100 && polls.errors() === 0;
  } finally {
    await polls?.stop();
    bare.close();
    await panel.stop();
  }
};

console.log('bench/command-latency');
const results = [await runOn('SQLite', {})];
const pg = await freshPostgres();
if (pg) {
  try {
    results.push(await runOn('PostgreSQL', { DATABASE_URL: pg.url }));
  } finally {
    await pg.drop();
  }
} else console.log('  PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)');
console.log(`  targets: ${results.every(Boolean) ? 'met' : 'NOT met'}`);
