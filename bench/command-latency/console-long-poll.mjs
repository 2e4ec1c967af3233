// bench/command-latency: from POST /api/servers/{id}/console to the answer of the plugin's
// long-poll (GET /api/plugin/v1/commands?wait=30), with SERVERS servers long-polling at once, on
// SQLite and on PostgreSQL; beside a bare loopback HTTP round trip (a Node server in this process
// answering "ok") measured in the same run, under the same open long-polls.
// Target: p95 < 100 ms. The console allows 30 commands a minute per user, so the commands are
// typed by USERS admins in turn.
import { formatLatency, signIn, startBareHttp, summarize, verdict } from '../support/api.mjs';
import { startPanel } from '../support/panel.mjs';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 200);
const USERS = 8;
const COMMANDS_PER_USER = 25;

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

/** Runs the measure on a panel started with `env`; answers whether the target was met. */
export const consoleLatency = async (label, env) => {
  const panel = await startPanel({ ...env, DEMO: 'false', LOG_LEVEL: 'error', SIGN_IN_LIMIT_PER_IP: '1000' });
  const bare = await startBareHttp();
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
      rounds.push(await bare.roundTrip());
    }
    const command = summarize(latencies);
    console.log(`  ${label}: ${servers.length} servers long-polling, ${latencies.length} console commands`);
    console.log(`    bare loopback round trip   ${formatLatency(summarize(rounds))}`);
    console.log(
      `    console -> long-poll       ${formatLatency(command)}   ${verdict(command, 100)}   long-poll errors ${polls.errors()}`,
    );
    return command.p95 < 100 && polls.errors() === 0;
  } finally {
    await polls?.stop();
    await bare.close();
    await panel.stop();
  }
};
