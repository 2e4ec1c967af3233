// Drives a running panel's API the way the web app does: sign in by e-mail link (from the outbox),
// then call /api with the JWT. Used by the benchmarks to set up networks and servers.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

export const API_KEY = 'outpost-web';

/** The newest sign-in link in the outbox for each of `emails`, waiting until every one has come. */
const waitForLinks = async (dataDir, emails) => {
  const outbox = path.join(dataDir, 'outbox');
  const wanted = new Set(emails);
  const links = new Map();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      for (const file of readdirSync(outbox).filter((name) => name.endsWith('.json'))) {
        const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8'));
        if (wanted.has(mail.to)) links.set(mail.to, new URL(mail.text.match(/https?:\/\/\S+/)[0]));
      }
    } catch {
      /* no outbox yet */
    }
    if (links.size === wanted.size) return links;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in mail for ${emails.filter((email) => !links.has(email)).join(', ')}`);
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check()` holds, asking every `everyMs`; throws naming `what` after `timeoutMs`. */
export const until = async (check, what, { timeoutMs = 30_000, everyMs = 100 } = {}) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
};

/**
 * Connects the panel itself to a WebRCON server (PUT /api/servers/{id}/rcon), as an admin would
 * with the address and password, and waits until the panel reports the connection up.
 */
export const connectPanelRcon = async (owner, serverId, { host, port }, password) => {
  await owner.call('PUT', `/api/servers/${serverId}/rcon`, { host, port, password });
  await until(
    async () => (await owner.call('GET', `/api/servers/${serverId}/rcon`)).state === 'connected',
    'the RCON connection',
  );
};

/** Runs `task` on each item, `concurrency` at a time; answers the results in the items' order. */
export const eachLimited = async (items, concurrency, task) => {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]);
      }
    }),
  );
  return results;
};

/**
 * Signs new users in (a few at a time; the panel must allow that many sign-ins per IP, see
 * SIGN_IN_LIMIT_PER_IP) and answers a client for /api calls with each one's JWT, in order.
 */
export async function signInMany(panel, emails, concurrency = 4) {
  const post = (url, body, headers = {}) =>
    fetch(`${panel.url}${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  await eachLimited(emails, concurrency, (email) =>
    post('/v1/account/tokens/magic-url', { userId: 'unique()', email, url: `${panel.url}/auth/magic-link` }),
  );
  const links = await waitForLinks(panel.dataDir, emails);
  return eachLimited(emails, concurrency, async (email) => {
    const link = links.get(email);
    const session = await post('/v1/account/sessions/token', {
      userId: link.searchParams.get('userId'),
      secret: link.searchParams.get('secret'),
    });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { jwt } = await (await post('/v1/account/jwts', {}, { Cookie: cookie })).json();
    const call = async (method, url, body) => {
      const res = await fetch(`${panel.url}${url}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-API-Key': API_KEY, Authorization: `Bearer ${jwt}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)}`);
      return json.data;
    };
    return { jwt, call };
  });
}

/** Signs a new user in and answers a client for /api calls with their JWT. */
export async function signIn(panel, email) {
  const [user] = await signInMany(panel, [email]);
  return user;
}

/** Latency percentiles (ms) of a list of samples. */
export const percentile = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The samples' median, p95 and maximum, in ms. */
export const summarize = (samples) => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  max: Math.max(...samples),
});

export const formatLatency = ({ p50, p95, max }) =>
  `p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${max.toFixed(1)} ms`;

/** `(target p95 < N ms: PASS)`, or FAIL, for a summary's line. */
export const verdict = ({ p95 }, targetMs) =>
  `(target p95 < ${targetMs} ms: ${p95 < targetMs ? 'PASS' : 'FAIL'})`;

/**
 * A bare HTTP server on loopback answering "ok": the floor a round trip through Node's HTTP stack
 * costs, for a baseline beside an API figure. `roundTrip()` answers one round trip's time in ms.
 */
export async function startBareHttp() {
  const server = createServer((req, res) => res.end('ok'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    async roundTrip() {
      const started = performance.now();
      await (await fetch(url)).text();
      return performance.now() - started;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

/**
 * Runs `a(i)` and `b(i)` for i < runs, alternating which goes first, so neither side of a
 * comparison reads pages the other warmed.
 */
export async function interleaved(runs, a, b) {
  for (let i = 0; i < runs; i += 1) {
    const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
    await first(i);
    await second(i);
  }
}
