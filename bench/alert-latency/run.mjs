// bench/alert-latency: how soon the panel tells someone that a game server stopped. A network with
// SERVERS simulated servers heartbeating through the plugin protocol (every 10 s, as the protocol
// asks) and a generic webhook channel to a local HTTP sink (in this process); each server stops its
// heartbeats at its own moment, and the bench prints, per database:
// - from the server's last heartbeat to the alert's detection (its firedAt; target < 35 s), beside
//   the bound the protocol sets (3 missed heartbeats: 30 s) measured in the same run;
// - from detection to the webhook's arrival at the sink (target < 2 s).
// One clock (this machine's) reads all three times. `node bench/alert-latency/run.mjs`.
import { createServer } from 'node:http';
import { signIn, sleep, until } from '../support/api.mjs';
import { onEachDatabase } from '../support/database.mjs';
import { startPanel } from '../support/panel.mjs';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 5);
const HEARTBEAT_MS = 10_000;
const OFFLINE_BOUND_MS = 3 * HEARTBEAT_MS;
const DETECT_TARGET_MS = 35_000;
const DELIVER_TARGET_MS = 2_000;

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The webhook's far end: when each alert's first message arrived, by server id. */
const startSink = async () => {
  const arrived = new Map();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const at = Date.now();
      try {
        const { event, alert } = JSON.parse(body);
        if (event === 'fired' && alert?.serverId && !arrived.has(alert.serverId))
          arrived.set(alert.serverId, at);
      } catch {
        /* not ours */
      }
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    arrived,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

/** Answers when it was sent (the panel's record of it is no earlier: the measure errs long). */
const heartbeat = async (panel, token) => {
  const sent = Date.now();
  const res = await fetch(`${panel.url}/api/plugin/v1/heartbeat`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ maxPlayers: 100, map: 'Procedural Map', players: [] }),
  });
  if (!res.ok) throw new Error(`heartbeat answered ${res.status}`);
  return sent;
};

const measure = async (label, env) => {
  const panel = await startPanel({ DEMO: 'false', ...env });
  const sink = await startSink();
  try {
    const owner = await signIn(panel, `bench-alerts-${Date.now()}@example.com`);
    const network = await owner.call('POST', '/api/networks', { name: 'Bench Alerts' });
    await owner.call('POST', `/api/networks/${network.id}/alert-channels`, {
      type: 'webhook',
      name: 'Bench sink',
      url: sink.url,
    });
    const servers = [];
    for (let i = 0; i < SERVERS; i += 1)
      servers.push(await owner.call('POST', `/api/servers/network/${network.id}`, { name: `Bench ${i}` }));

    // Each server heartbeats every 10 s, then stops at its own moment (spread over a heartbeat
    // interval, so the sweep's phase differs for each).
    const last = new Map();
    await Promise.all(
      servers.map(async (server, i) => {
        const beats = 2 + (i % 2);
        await sleep((i * HEARTBEAT_MS) / SERVERS);
        for (let beat = 0; beat < beats; beat += 1) {
          last.set(server.id, await heartbeat(panel, server.token));
          if (beat < beats - 1) await sleep(HEARTBEAT_MS);
        }
      }),
    );
    await until(() => sink.arrived.size === SERVERS, 'every webhook', { timeoutMs: 90_000, everyMs: 200 });
    const { alerts } = await owner.call('GET', `/api/networks/${network.id}/alerts?state=firing&limit=200`);
    const detect = [];
    const deliver = [];
    for (const server of servers) {
      const alert = alerts.find((a) => a.serverId === server.id && a.kind === 'server_offline');
      if (!alert) throw new Error(`no offline alert for ${server.name}`);
      const firedAt = Date.parse(alert.firedAt);
      detect.push(firedAt - last.get(server.id));
      deliver.push(sink.arrived.get(server.id) - firedAt);
    }
    const worstDetect = Math.max(...detect);
    const worstDeliver = Math.max(...deliver);
    const avg = (list) => list.reduce((a, b) => a + b, 0) / list.length;
    console.log(`  ${label}, ${SERVERS} servers stopped:`);
    console.log(
      `    last heartbeat -> detected: avg ${seconds(avg(detect))}  max ${seconds(worstDetect)}  (bound of 3 missed heartbeats: ${seconds(OFFLINE_BOUND_MS)}; target < ${seconds(DETECT_TARGET_MS)}: ${worstDetect < DETECT_TARGET_MS ? 'PASS' : 'FAIL'})`,
    );
    console.log(
      `    detected -> webhook arrived: avg ${Math.round(avg(deliver))} ms  max ${Math.round(worstDeliver)} ms  (target < ${DELIVER_TARGET_MS} ms: ${worstDeliver < DELIVER_TARGET_MS ? 'PASS' : 'FAIL'})`,
    );
    return worstDetect < DETECT_TARGET_MS && worstDeliver < DELIVER_TARGET_MS;
  } finally {
    await sink.close();
    await panel.stop();
  }
};

console.log('bench/alert-latency');
const results = await onEachDatabase(measure);
console.log(`  targets: ${results.every(Boolean) ? 'met' : 'NOT met'}`);
