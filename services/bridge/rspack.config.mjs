// outpost-bridge as one file: dist/outpost-bridge.mjs, its dependencies bundled, Node 20+ the
// only requirement (the panel serves it at /downloads/outpost-bridge.mjs), with its SHA-256 beside it.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';

const root = import.meta.dirname;
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const FILE = 'outpost-bridge.mjs';

/** Writes `<hex>  outpost-bridge.mjs`, the format `sha256sum -c` reads. */
class Sha256Beside {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('Sha256Beside', () => {
      const file = path.join(compiler.options.output.path, FILE);
      const hex = createHash('sha256').update(readFileSync(file)).digest('hex');
      writeFileSync(`${file}.sha256`, `${hex}  ${FILE}\n`);
    });
  }
}

export default {
  mode: 'production',
  target: 'node20',
  context: root,
  entry: { 'outpost-bridge': './src/main.ts' },
  output: {
    path: path.join(root, 'dist'),
    filename: FILE,
    module: true,
    chunkFormat: 'module',
    library: { type: 'module' },
    clean: false,
  },
  experiments: { outputModule: true },
  resolve: { extensions: ['.ts', '.js', '.json'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
        type: 'javascript/auto',
      },
    ],
  },
  // ws's optional native speed-ups: used when installed beside the file, not needed otherwise
  // (ws requires them inside a try).
  externals: { bufferutil: 'node-commonjs bufferutil', 'utf-8-validate': 'node-commonjs utf-8-validate' },
  externalsPresets: { node: true },
  node: { __dirname: false, __filename: false },
  optimization: { minimize: false, splitChunks: false },
  devtool: false,
  performance: { hints: false },
  plugins: [
    new rspack.DefinePlugin({ __OUTPOST_BRIDGE_VERSION__: JSON.stringify(version) }),
    new rspack.BannerPlugin({ banner: '#!/usr/bin/env node', raw: true, entryOnly: true }),
    new Sha256Beside(),
  ],
};
