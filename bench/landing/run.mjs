// bench/landing: LCP and total blocking time of '/' in headless Chromium (4x CPU slowdown), for
// the federated panel beside a single-bundle build of the same landing code made in this run. Both
// pages carry the landing's prerendered markup (the panel's as it serves it, the baseline's from the
// same prerender) and the panel's page headers.
// Target: federated <= 1.1x the single bundle on both figures.
import { rspack } from '@rspack/core';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_CONFIG_PATH,
  fillPrerendered,
  PRERENDER_FILE,
  PRERENDER_OUTLET,
  prerenderVariant,
} from '@outpost/contracts';
import { freePort, launchChromium, repoRoot, startPanel } from '../support/panel.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CPU_SLOWDOWN = 4;

const buildSingleBundle = async (panelUrl) => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'outpost-landing-single-'));
  const compiler = rspack({
    mode: 'production',
    context: here,
    entry: './single-entry.tsx',
    output: { path: out, filename: '[name].[contenthash:8].js', publicPath: '/' },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: Object.fromEntries(
        ['contracts', 'validation', 'format'].map((lib) => [
          `@outpost/${lib}$`,
          path.join(repoRoot, `libs/${lib}/src/index.ts`),
        ]),
      ),
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': '"production"',
        PANEL_URL: JSON.stringify(panelUrl),
        OUTPOST_BUILD_MARKER: '""',
      }),
      new rspack.HtmlRspackPlugin({ template: path.join(repoRoot, 'shell/src/index.html') }),
    ],
  });
  await new Promise((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats.hasErrors() ? reject(error ?? new Error(stats.toString())) : resolve(),
    ),
  );
  return out;
};

/**
 * The same prerendered markup the panel serves with `/` (the landing remote's build made it), in
 * the baseline's page: its root holds the landing screen alone, so that is what goes in it.
 */
const prerenderBaseline = async (out, panelUrl) => {
  const screens = JSON.parse(
    readFileSync(path.join(repoRoot, 'mfe-landing/dist', PRERENDER_FILE), 'utf8'),
  ).screens;
  const settings = await (await fetch(`${panelUrl}${CLIENT_CONFIG_PATH}`)).json();
  const screen = fillPrerendered(
    PRERENDER_OUTLET,
    screens.landing[prerenderVariant(settings)],
    settings.community,
  );
  const index = path.join(out, 'index.html');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace('<div id="root"></div>', () => `<div id="root">${screen}</div>`),
  );
};

/**
 * The panel's own answer headers for a page (security policy, opener policy, caching), applied to
 * the baseline's pages too: the opener policy alone moves a navigation into a new renderer
 * process, a cost of the headers and not of the build, so both pages must pay it alike. The
 * baseline's connections to the panel's API are allowed in its content-security policy.
 */
const pageHeadersOf = async (panelUrl) => {
  const response = await fetch(`${panelUrl}/`);
  await response.arrayBuffer();
  const skip = new Set([
    'content-length',
    'content-type',
    'date',
    'etag',
    'connection',
    'keep-alive',
    'vary',
  ]);
  const headers = [...response.headers].filter(
    ([name]) => !skip.has(name) && !name.startsWith('access-control-'),
  );
  return headers.map(([name, value]) =>
    name === 'content-security-policy'
      ? [name, value.replace(/connect-src ([^;]*)/, `connect-src $1 ${panelUrl}`)]
      : [name, value],
  );
};

const serveStatic = async (root, port, pageHeaders) => {
  const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };
  const server = createServer((request, response) => {
    const file = path.join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    const target = existsSync(file) && path.extname(file) ? file : path.join(root, 'index.html');
    response.setHeader('Content-Type', types[path.extname(target)] ?? 'application/octet-stream');
    if (target.endsWith('.html')) for (const [name, value] of pageHeaders) response.setHeader(name, value);
    createReadStream(target).pipe(response);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://localhost:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
};

const measure = async (browser, url) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(() => {
    window.__perf = { lcp: 0, tbt: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__perf.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__perf.tbt += Math.max(0, entry.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(500);
  const figures = await page.evaluate(() => window.__perf);
  await context.close();
  return figures;
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const staticPort = await freePort();
const staticOrigin = `http://localhost:${staticPort}`;
// No simulated demo servers: their heartbeats would load the process that serves the federated
// page's files, and not the baseline's. Demo mode stays on, so both pages show the same landing.
const panel = await startPanel({
  ALLOWED_ORIGINS: staticOrigin,
  DEMO_SIMULATION: 'false',
});
const out = await buildSingleBundle(panel.url);
await prerenderBaseline(out, panel.url);
const single = await serveStatic(out, staticPort, await pageHeadersOf(panel.url));
const browser = await launchChromium();
try {
  const results = { federated: [], single: [] };
  for (let run = 0; run < RUNS; run += 1) {
    results.federated.push(await measure(browser, `${panel.url}/`));
    results.single.push(await measure(browser, `${single.url}/`));
  }
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, runs]) => [
      name,
      { lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)) },
    ]),
  );
  const ratio = (a, b) => (b === 0 ? (a === 0 ? 1 : Infinity) : a / b);
  const lcpRatio = ratio(summary.federated.lcp, summary.single.lcp);
  const tbtRatio = ratio(summary.federated.tbt, summary.single.tbt);
  console.log(`bench/landing (median of ${RUNS} loads, CPU ${CPU_SLOWDOWN}x slower)`);
  console.log(
    `  LCP  federated ${summary.federated.lcp.toFixed(0)} ms   single bundle ${summary.single.lcp.toFixed(0)} ms   ratio ${lcpRatio.toFixed(2)}x (target <= 1.10x)`,
  );
  console.log(
    `  TBT  federated ${summary.federated.tbt.toFixed(0)} ms   single bundle ${summary.single.tbt.toFixed(0)} ms   ratio ${tbtRatio.toFixed(2)}x (target <= 1.10x)`,
  );
  console.log(`  targets: ${lcpRatio <= 1.1 && tbtRatio <= 1.1 ? 'met' : 'NOT met'}`);
} finally {
  await browser.close();
  await single.stop();
  await panel.stop();
  rmSync(out, { recursive: true, force: true });
}
