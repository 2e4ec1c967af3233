import { expect, test } from '@playwright/test';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadBalancedUnavailable, startLoadBalanced, type LoadBalanced } from '../../support/load-balanced';
import { ADMIN_DATABASE_URL } from '../../support/postgres';
import { panelCommand, serveBuilds } from '../../support/remote-builds';

// Two instances behind nginx on one database: `remotes:set` run once is served by both within 10 s.
let cluster: LoadBalanced | null = null;
let cdn: { server: Server; origin: string } | null = null;
let dir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const unavailable = loadBalancedUnavailable();
  if (unavailable) return test.skip(true, unavailable);
  cluster = await startLoadBalanced();
  if (!cluster)
    return test.skip(true, `PostgreSQL does not answer at ${ADMIN_DATABASE_URL} (set DATABASE_URL)`);
  // A second origin holding a manifest of mfe-players (the browser suite loads a real build).
  dir = mkdtempSync(path.join(os.tmpdir(), 'outpost-e2e-cluster-remote-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'mfe_players',
      metaData: {
        name: 'mfe_players',
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        buildInfo: { buildVersion: '3.0.0+cluster' },
        contractsVersion: '1.0.0',
      },
    }),
  );
  cdn = await serveBuilds(dir);
});

test.afterAll(async () => {
  await cluster?.stop();
  cdn?.server.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a remotes:set on one database is served by both instances within 10 s', async ({ request }) => {
  test.setTimeout(60_000);
  if (!cluster || !cdn) return;
  const url = `${cdn.origin}/v3/mf-manifest.json`;
  const output = await panelCommand(dir, cluster.url, ['remotes:set', 'players', url], {
    DATABASE_URL: cluster.databaseUrl,
  });
  expect(output).toContain(`players now serves ${url} (version 3.0.0+cluster, contracts 1.0.0) to everyone.`);
  const set = Date.now();
  for (const instance of cluster.instances) {
    await expect
      .poll(
        async () =>
          ((await (await request.get(`${instance.url}/remotes.json`)).json()) as { players: string }).players,
        {
          timeout: 10_000,
        },
      )
      .toBe(url);
    const csp = (await request.get(`${instance.url}/remotes.json`)).headers()['content-security-policy'];
    expect(csp).toContain(`script-src 'self' ${cdn.origin}`);
  }
  expect(Date.now() - set).toBeLessThan(10_000);
  const viaNginx = await (await request.get(`${cluster.url}/remotes.json`)).json();
  expect(viaNginx.players).toBe(url);
});
