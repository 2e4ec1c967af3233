// The world both parts of bench/automation run in: an owner's networks and their servers, made
// through the API as an admin would (the plugin token comes with each server), and a PostgreSQL
// client of the bench's own on the panel's database, to seed and read rows directly.
import { createRequire } from 'node:module';
import { eachLimited, signIn } from '../support/api.mjs';

const require = createRequire(import.meta.url);

/**
 * `networks` networks of `servers` servers in all (spread evenly) for a new owner on `panel`.
 * Answers the owner's client and the networks, each with its servers ({id, name, token}).
 */
export async function seedWorld(panel, { networks, servers, label }) {
  const owner = await signIn(panel, `bench-automation-${label}-${Date.now()}@example.com`);
  const made = [];
  for (let n = 0; n < networks; n += 1) {
    const network = await owner.call('POST', '/api/networks', { name: `Bench ${label} ${n}` });
    const count = Math.floor(servers / networks) + (n < servers % networks ? 1 : 0);
    const list = await eachLimited(
      Array.from({ length: count }, (_, i) => i),
      4,
      async (i) => {
        const server = await owner.call('POST', `/api/servers/network/${network.id}`, {
          name: `Bench ${label} ${n}-${i}`,
          connectionAddress: `10.${n}.${Math.floor(i / 250)}.${i % 250}:28015`,
        });
        return { id: server.id, name: server.name, token: server.token };
      },
    );
    made.push({ id: network.id, servers: list });
  }
  return { owner, networks: made };
}

/** A pg client on `url` (the panel's database); end() when done. */
export async function sqlClient(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The pids of the PostgreSQL backends connected to the client's database (the panel's pool, this client). */
export async function backendsOf(client) {
  const { rows } = await client.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.map((row) => row.pid);
}
