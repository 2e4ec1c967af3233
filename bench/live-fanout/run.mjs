// bench/live-fanout: CONNECTIONS Server-Sent Events streams on one API instance (GET /api/live;
// USERS members of one network, TABS tabs each), and EVENTS heartbeats of the network's game server
// SPACING_MS apart, each a server.status frame to every stream; beside a bare node:http SSE server
// (bare-sse.mjs) holding as many streams and writing the same frame on each trigger, measured in
// the same run by the same clients (sse-clients.mjs, a process of their own per server). And the
// same CONNECTIONS streams split over two instances sharing a PostgreSQL database and a redis-server
// of the bench's own (REDIS_URL: the live bus through a Redis stream), every heartbeat sent to the
// first one, so that half the frames cross Redis to the other. They all take turns in bursts, so
// that a slower spell of the machine falls on each.
// Figures, per server: the delay from publishing (the frame's `at`: the panel takes it as the
// heartbeat arrives, before storing it) to receipt, over every stream x event (p50/p95/p99); memory
// per stream (RSS and V8 heap used, after GC, before and after opening the streams, read in the
// server's own process by memory-probe.cjs; for two instances, both processes' growth over all
// their streams); CPU time per event (both processes' for two). Target: each panel's p95 < 250 ms,
// every event to every stream.
// One instance on SQLite: the database is read when a stream opens (the JWT's session) and when a
// heartbeat is stored, never between the bus and the sockets, so PostgreSQL would not change its
// fan-out. Two instances need PostgreSQL (BENCH_DATABASE_URL) and redis-server; without either,
// that run is skipped with a line saying why.
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../support/api.mjs';
import { cpuMsOf } from '../support/process-cpu.mjs';
import {
  CONNECTIONS,
  startBare,
  startPanelWithNetwork,
  startTwoPanelsWithNetwork,
  TABS,
  USERS,
} from './servers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const SPACING_MS = 100;
/** Turns each server takes (a burst of EVENTS / ROUNDS events each). */
const ROUNDS = 5;
const TARGET_P95_MS = 250;
/** Streams opening at once: a crowd arriving, not a SYN flood past the listen backlog. */
const OPENING_CONCURRENCY = 64;
/** Streams opened and closed before the first memory reading, so that code run once counts in neither. */
const WARM_UP_STREAMS = 50;

// Each server and the clients hold a descriptor per stream: raise the soft limit (up to the hard
// one) for this process and its children by running again under `ulimit -n`.
const fdsNeeded = CONNECTIONS + 1024;
const fdLimit = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
if (fdLimit !== 'unlimited' && Number(fdLimit) < fdsNeeded) {
  if (process.env.BENCH_FD_RAISED) throw new Error(`ulimit -n is ${fdLimit}; ${fdsNeeded} are needed`);
  const again = spawnSync(
    'sh',
    ['-c', `ulimit -n ${fdsNeeded} && exec "$0" "$@"`, process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, BENCH_FD_RAISED: '1' } },
  );
  process.exit(again.status ?? 1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `message` to a child and answers its reply (the first message of the same type). */
const ask = (child, message) =>
  new Promise((resolve, reject) => {
    const onMessage = (reply) => {
      if (reply.type !== message.type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply);
    };
    const onExit = (code) =>
      reject(new Error(`the clients' process exited (${code}) during ${message.type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });

/** The memory of the process `pid` (started with memory-probe.cjs), after GC. */
const memoryOf = async (pid, file) => {
  if (existsSync(file)) unlinkSync(file);
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    await sleep(20);
  }
  throw new Error(`no memory reading from process ${pid}`);
};

/**
 * A server under measure: its clients' process, and the streams they hold open to each of its
 * `targets` (one process, or two instances). `open()` opens them and answers the memory per stream;
 * `burst(events)` publishes `events` events and keeps their delivery delays; `close()` ends the
 * streams.
 */
const streamsTo = ({ targets, publish }) => {
  const clients = fork(path.join(here, 'sse-clients.mjs'), { serialization: 'advanced' });
  const delays = [];
  const triggers = [];
  let ready = 0;
  let dropped = 0;
  let expected = 0;
  let cpuMs = 0;
  const open = (target, tabs) =>
    ask(clients, {
      type: 'open',
      port: target.port,
      path: target.path,
      tabs,
      concurrency: OPENING_CONCURRENCY,
    });
  const memories = () => Promise.all(targets.map(({ pid, memoryFile }) => memoryOf(pid, memoryFile)));
  const cpuNow = () => targets.reduce((sum, { pid }) => sum + cpuMsOf(pid), 0);
  return {
    async open() {
      for (const target of targets) await open(target, target.tabs.slice(0, WARM_UP_STREAMS));
      await ask(clients, { type: 'close' });
      await sleep(500);
      const before = await memories();
      let seconds = 0;
      for (const target of targets) {
        const opened = await open(target, target.tabs);
        if (opened.ready < target.tabs.length)
          throw new Error(
            `${target.tabs.length - opened.ready} streams did not open: ${JSON.stringify(opened.failures)}`,
          );
        ready += opened.ready;
        seconds += opened.seconds;
      }
      const after = await memories();
      const growth = (field) => after.reduce((sum, reading, i) => sum + reading[field] - before[i][field], 0);
      this.memory = {
        openSeconds: seconds,
        rssPerStream: growth('rss') / ready,
        heapPerStream: growth('heapUsed') / ready,
      };
      // One unmeasured event, so that the first measured one finds the path warm.
      await publish();
    },
    async burst(events) {
      await ask(clients, { type: 'measure', since: Date.now() });
      const cpuBefore = cpuNow();
      const started = performance.now();
      for (let n = 0; n < events; n += 1) {
        await sleep(started + n * SPACING_MS - performance.now());
        const sent = performance.now();
        await publish();
        triggers.push(performance.now() - sent);
      }
      expected += events * ready;
      const answer = await ask(clients, { type: 'collect', expected: events * ready, waitMs: 10_000 });
      cpuMs += cpuNow() - cpuBefore;
      for (const delay of answer.delays) delays.push(delay);
      dropped = answer.dropped;
    },
    results() {
      return {
        ...this.memory,
        streams: ready,
        delivery: { p50: percentile(delays, 50), p95: percentile(delays, 95), p99: percentile(delays, 99) },
        delivered: delays.length,
        expected,
        dropped,
        triggerP50: percentile(triggers, 50),
        cpuPerEvent: cpuMs / triggers.length,
      };
    },
    async close() {
      if (clients.connected) await ask(clients, { type: 'close' });
      clients.kill();
    },
  };
};

const scratch = mkdtempSync(path.join(os.tmpdir(), 'outpost-live-fanout-'));
const servers = [];
const measured = [];
try {
  console.log(
    `bench/live-fanout: ${CONNECTIONS} SSE streams (${USERS} users x ${TABS} tabs), ${EVENTS} events ` +
      `${SPACING_MS} ms apart: on one instance (SQLite, not on the delivery path), and split over two ` +
      `instances through Redis (PostgreSQL), every event sent to the first`,
  );
  servers.push(await startBare(scratch), await startPanelWithNetwork(scratch));
  const two = await startTwoPanelsWithNetwork(scratch);
  if (two) servers.push(two);
  for (const server of servers) {
    const streams = streamsTo(server);
    measured.push(streams);
    await streams.open();
  }
  // A burst each per round, in an order that turns each round.
  const perBurst = Math.ceil(EVENTS / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1)
    for (let i = 0; i < measured.length; i += 1)
      await measured[(i + round) % measured.length].burst(perBurst);
  const results = measured.map((streams) => streams.results());

  const columns = [
    ['delivery p50', (r) => `${r.delivery.p50.toFixed(0)} ms`],
    ['p95', (r) => `${r.delivery.p95.toFixed(0)} ms`],
    ['p99', (r) => `${r.delivery.p99.toFixed(0)} ms`],
    ['RSS/stream', (r) => `${(r.rssPerStream / 1024).toFixed(1)} KiB`],
    ['heap/stream', (r) => `${(r.heapPerStream / 1024).toFixed(1)} KiB`],
    ['CPU/event', (r) => `${r.cpuPerEvent.toFixed(1)} ms`],
    ['trigger p50', (r) => `${r.triggerP50.toFixed(0)} ms`],
    ['delivered', (r) => `${r.delivered}/${r.expected}`],
    ['dropped', (r) => String(r.dropped)],
  ];
  const rows = [
    ['', columns.map(([title]) => title)],
    ...servers.map((server, i) => [server.label, columns.map(([, cell]) => cell(results[i]))]),
  ];
  const widths = columns.map((_, i) => Math.max(...rows.map(([, cells]) => cells[i].length)) + 2);
  for (const [label, cells] of rows)
    console.log(`  ${label.padEnd(20)}${cells.map((cell, i) => cell.padStart(widths[i])).join('')}`);
  const opened = servers.map((server, i) => `${results[i].openSeconds.toFixed(1)} s ${server.label}`);
  const setUps = servers
    .slice(1)
    .map((server) => `${server.setUpSeconds.toFixed(1)} s ${server.label}`)
    .join(', ');
  console.log(
    `  (streams opened in ${opened.join(', ')}; set-up (${USERS} sign-ins and joins): ${setUps}; ` +
      `CPU/event: the server processes' CPU time per event; trigger: POST /publish or the heartbeat, ` +
      `answered after the fan-out on one instance; two panels: memory and CPU of both, over all streams)`,
  );
  for (const [i, server] of servers.entries()) {
    if (i === 0) continue;
    const r = results[i];
    const met = r.delivery.p95 < TARGET_P95_MS && r.delivered === r.expected && r.dropped === 0;
    console.log(
      `  target (${server.label}): p95 < ${TARGET_P95_MS} ms, every event to every stream: ${met ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  for (const streams of measured) await streams.close();
  for (const server of servers) await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
