// Prerenders a web app's public pages at build time: compiles its prerender entry for Node with
// Rspack (the web apps' loaders and module resolution; styles left out, no federation: the entry
// imports what it renders), runs the function it exports and writes what that returns beside the
// app's build, as dist/prerender.json. The panel puts that markup in the pages it serves.
// Usage (from an app's folder, after its build): node ../tools/prerender/prerender.mjs [entry]
import { PRERENDER_FILE } from '@outpost/contracts';
import { rspack } from '@rspack/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptRule, webResolve } from '../mf/web-config.mjs';

/** Compiles `entry` (relative to `projectRoot`) for Node and answers its default export. */
const loadPrerenderer = async ({ projectRoot, entry = './src/prerender.tsx', define = {} }) => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'outpost-prerender-'));
  try {
    const compiler = rspack({
      mode: 'production',
      target: 'node',
      context: projectRoot,
      entry: { prerender: entry },
      output: { path: out, filename: '[name].cjs', library: { type: 'commonjs2' } },
      resolve: webResolve,
      module: {
        rules: [
          scriptRule({ production: true }),
          // Styles do not change the markup; the browser build ships them.
          { test: /\.css$/, type: 'asset/source' },
        ],
      },
      plugins: [
        // One file: the screens' lazy chunks are in it, ready when the render asks for them.
        new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': '"production"',
          ...Object.fromEntries(Object.entries(define).map(([key, value]) => [key, JSON.stringify(value)])),
        }),
      ],
      optimization: { minimize: false },
      devtool: false,
    });
    await new Promise((resolve, reject) =>
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error || stats?.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
        else resolve();
      }),
    );
    const module = createRequire(import.meta.url)(path.join(out, 'prerender.cjs'));
    return module.default ?? module;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
};

/** Runs the app's prerenderer and writes its output beside the app's build (dist/prerender.json). */
export const prerenderApp = async ({ projectRoot, entry, define }) => {
  const render = await loadPrerenderer({ projectRoot, entry, define });
  const result = await render();
  const outDir = path.resolve(projectRoot, process.env.OUTPOST_OUT_DIR ?? 'dist');
  writeFileSync(path.join(outDir, PRERENDER_FILE), JSON.stringify(result));
  return result;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The compile-time constants of the apps' builds (the landing's build marker, set by the tests
  // that swap a remote), so the markup is what that build renders.
  const define = { OUTPOST_BUILD_MARKER: process.env.OUTPOST_BUILD_MARKER ?? '' };
  await prerenderApp({ projectRoot: process.cwd(), entry: process.argv[2], define });
}
