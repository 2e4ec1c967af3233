// bench/bundle-size: gzip size of the JS that '/' loads (shell initial JS + the landing remote's JS),
// beside React + react-dom + react-router-dom + RTK Query bundled alone in the same run.
// Targets: shell + landing ≤ 150 KiB gzip, each remote entry ≤ 30 KiB gzip, one React in the page.
// Also the chart library's chunk (uPlot, fetched only by the Metrics area and the Analytics tab):
// its size, and that '/' does not load it. And the share of the shell's own remote-switching code
// (shell/src/remotes, from the source maps) in the shell's JS.
import { rspack } from '@rspack/core';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kib, launchChromium, repoRoot, startPanel } from '../support/panel.mjs';
import { moduleShare } from './module-share.mjs';

const gzip = (buf) => gzipSync(buf, { level: 9 }).length;
const here = path.dirname(new URL(import.meta.url).pathname);

async function baseline() {
  const out = mkdtempSync(path.join(os.tmpdir(), 'outpost-baseline-'));
  const compiler = rspack({
    mode: 'production',
    context: here,
    entry: './baseline-entry.jsx',
    output: { path: out, filename: '[name].js' },
    resolve: { extensions: ['.js', '.jsx'], modules: [path.join(repoRoot, 'node_modules'), 'node_modules'] },
    module: {
      rules: [
        {
          test: /\.jsx$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'ecmascript', jsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
          },
        },
      ],
    },
    optimization: { minimize: true },
  });
  await new Promise((resolve, reject) =>
    compiler.run((err, stats) => (err || stats.hasErrors() ? reject(err ?? stats.toString()) : resolve())),
  );
  const total = readdirSync(out)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzip(readFileSync(path.join(out, f))), 0);
  rmSync(out, { recursive: true, force: true });
  return total;
}

async function federated() {
  const panel = await startPanel();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push({ url: new URL(res.url()).pathname, body: await res.body().catch(() => Buffer.alloc(0)) });
    });
    await page.goto(`${panel.url}/`, { waitUntil: 'networkidle' });
    await page.locator('[data-remote="mfe-landing"]').waitFor();
    const sized = scripts.map((s) => ({ ...s, gz: gzip(s.body) }));
    const reactCopies = scripts.filter((s) =>
      /__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=[^=]/.test(s.body.toString()),
    ).length;
    const remotes = {};
    for (const name of ['landing', 'account', 'networks', 'players']) {
      const manifest = await (await fetch(`${panel.url}/remotes/${name}/mf-manifest.json`)).json();
      const entry = manifest.metaData.remoteEntry;
      const res = await fetch(
        `${panel.url}/remotes/${name}/${entry.path ? `${entry.path}/` : ''}${entry.name}`,
      );
      remotes[name] = gzip(Buffer.from(await res.arrayBuffer()));
    }
    return { sized, reactCopies, remotes };
  } finally {
    await browser.close();
    await panel.stop();
  }
}

/**
 * The built chart chunks of mfe-networks: uPlot's code (split out as a library chunk) and its
 * styles, found by uPlot's own class names, plus the chunk its dynamic import is named by.
 */
function chartChunks() {
  const dist = path.join(repoRoot, 'mfe-networks/dist');
  return readdirSync(dist)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => ({ file: f, body: readFileSync(path.join(dist, f)) }))
    .filter(({ file, body }) => file.startsWith('uplot.') || body.includes('u-over'))
    .map(({ file, body }) => ({ file, gz: gzip(body) }));
}

const [base, fed] = [await baseline(), await federated()];
const charts = chartChunks();
const shellJs = fed.sized.filter((s) => !s.url.startsWith('/remotes/'));
const landingJs = fed.sized.filter((s) => s.url.startsWith('/remotes/landing/'));
const sum = (list) => list.reduce((n, s) => n + s.gz, 0);
const total = sum(fed.sized);

console.log('bench/bundle-size (gzip -9)');
console.log(`  scripts loaded by '/':           ${fed.sized.length}`);
for (const s of fed.sized.sort((a, b) => b.gz - a.gz)) console.log(`    ${kib(s.gz).padStart(10)}  ${s.url}`);
console.log(`  shell JS:                        ${kib(sum(shellJs))}`);
// The shell's own code for switching remotes while the panel runs (registering them from
// /remotes.json, the build checks, the Reload notice, the Versions list, the slot).
const remotesCode = moduleShare(
  path.join(repoRoot, 'shell/dist'),
  (source) => source.includes('shell/src/remotes/'),
  new Set(shellJs.map((s) => path.basename(s.url))),
);
console.log(
  `  of which the shell's remote switching (shell/src/remotes): ${kib(remotesCode.initial)}   (${kib(remotesCode.all)} with what loads later)`,
);
console.log(`  landing remote JS:               ${kib(sum(landingJs))}`);
console.log(`  total initial JS for '/':        ${kib(total)}   (target <= 150.0 KiB)`);
console.log(`  baseline (React+DOM+router+RTKQ alone): ${kib(base)}`);
console.log(`  ratio to baseline:               ${(total / base).toFixed(2)}x`);
for (const [name, gz] of Object.entries(fed.remotes))
  console.log(`  remote entry ${name.padEnd(9)}         ${kib(gz)}   (target <= 30.0 KiB)`);
console.log(`  copies of React in the page:     ${fed.reactCopies}   (target 1)`);
const chartFiles = new Set(charts.map((chunk) => chunk.file));
const chartsOnHome = fed.sized.filter((s) => chartFiles.has(path.basename(s.url))).length;
console.log(
  charts.length === 0
    ? '  chart library (uPlot): not found in mfe-networks/dist'
    : `  chart library (uPlot), Metrics and Analytics only: ${kib(sum(charts))}`,
);
for (const chunk of charts) console.log(`    ${kib(chunk.gz).padStart(10)}  mfe-networks/dist/${chunk.file}`);
console.log(`  chart chunks loaded by '/':      ${chartsOnHome}   (target 0)`);
const ok =
  total <= 150 * 1024 &&
  Object.values(fed.remotes).every((g) => g <= 30 * 1024) &&
  fed.reactCopies === 1 &&
  chartsOnHome === 0;
console.log(`  budget: ${ok ? 'met' : 'NOT met'}`);
