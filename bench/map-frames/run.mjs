// bench/map-frames: the live map's canvas with 300 players, panned continuously (a mouse drag, one
// step per frame) for a few seconds in headless Chromium; prints the p95 of the drawing time per
// frame (each requestAnimationFrame callback, timed in the page, the canvas rasterized within it) and of the frame interval,
// beside a baseline measured in the same run: the same canvas with the grid alone (no players).
// Also with every player's 15-minute trail shown (the heaviest view). Target: p95 draw < 16 ms.
import { rspack } from '@rspack/core';
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../support/api.mjs';
import { launchChromium, repoRoot } from '../support/panel.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAN_MS = Number(process.env.BENCH_PAN_MS ?? 4000);
const TARGET_MS = 16;

const build = async () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'outpost-map-frames-'));
  const compiler = rspack({
    mode: 'production',
    context: here,
    entry: './entry.tsx',
    output: { path: out, filename: '[name].js', publicPath: '/' },
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
    experiments: { css: true },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': '"production"' }),
      new rspack.HtmlRspackPlugin({
        templateContent: '<!doctype html><html><body><div id="root"></div></body></html>',
      }),
    ],
  });
  await new Promise((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats.hasErrors() ? reject(error ?? new Error(stats.toString())) : resolve(),
    ),
  );
  return out;
};

const serve = (dir) =>
  new Promise((resolve) => {
    const server = createServer((request, response) => {
      const name = new URL(request.url, 'http://x').pathname.slice(1) || 'index.html';
      const file = path.join(dir, name);
      if (!existsSync(file)) return void response.writeHead(404).end();
      response.writeHead(200, {
        'Content-Type': name.endsWith('.js')
          ? 'text/javascript'
          : name.endsWith('.css')
            ? 'text/css'
            : 'text/html',
      });
      createReadStream(file).pipe(response);
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

/**
 * Zooms in (6 wheel notches), then drags the map in a circle from inside the page: a pointer move
 * per display frame for PAN_MS, as a hand would, with no round trip to the test driver between.
 */
const measure = async (browser, url) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  const canvas = page.getByTestId('map-canvas');
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -100);
  await page.waitForTimeout(300);
  await page.evaluate(async (ms) => {
    const target = document.querySelector('canvas');
    const rect = target.getBoundingClientRect();
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const fire = (type, x, y) =>
      target.dispatchEvent(
        new PointerEvent(type, { clientX: x, clientY: y, bubbles: true, pointerId: 1, buttons: 1 }),
      );
    fire('pointerdown', cx + 200, cy);
    window.__frames = [];
    const started = performance.now();
    await new Promise((resolve) => {
      const step = (now) => {
        const angle = (now - started) / 300;
        fire('pointermove', cx + Math.cos(angle) * 200, cy + Math.sin(angle) * 200);
        if (now - started < ms) window.__raf(step);
        else resolve(undefined);
      };
      window.__raf(step);
    });
    fire('pointerup', cx, cy);
  }, PAN_MS);
  const frames = await page.evaluate(() => window.__frames);
  await page.close();
  const draws = frames.map((f) => f.ms);
  const intervals = frames.slice(1).map((f, i) => f.start - frames[i].start);
  return {
    frames: frames.length,
    drawP95: percentile(draws, 95),
    drawP50: percentile(draws, 50),
    intervalP95: percentile(intervals, 95),
  };
};

const out = await build();
const server = await serve(out);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await launchChromium();
try {
  const rows = [
    ['grid alone (baseline)', await measure(browser, `${base}?players=0`)],
    ['300 players', await measure(browser, `${base}?players=300`)],
    ['300 players + trails', await measure(browser, `${base}?players=300&trails=1`)],
  ];
  const f = (n) => `${n.toFixed(2)} ms`;
  for (const [name, r] of rows)
    console.log(
      `${name.padEnd(24)} draw p50 ${f(r.drawP50)}  p95 ${f(r.drawP95)}  frame interval p95 ${f(r.intervalP95)}  (${r.frames} frames)`,
    );
  const players = rows[1][1];
  console.log(
    `map-frames: 300 players draw p95 ${f(players.drawP95)} vs grid alone ${f(rows[0][1].drawP95)} (target < ${TARGET_MS} ms): ${
      players.drawP95 < TARGET_MS ? 'PASS' : 'FAIL'
    }`,
  );
  if (players.drawP95 >= TARGET_MS) process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
