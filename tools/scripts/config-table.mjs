// Writes the README's configuration table from the API's CONFIG_DOCS (run after `nx run api:build`):
// `node tools/scripts/config-table.mjs`. A test fails when the README misses a variable.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { CONFIG_DOCS } = createRequire(import.meta.url)(
  path.join(root, 'services/api/dist/core/config/config-docs.js'),
);
const cell = (text) => text.replaceAll('|', '\\|');
const table = [
  '| Variable | Default | What it does |',
  '|---|---|---|',
  ...CONFIG_DOCS.map((doc) => `| \`${doc.name}\` | ${cell(doc.default)} | ${cell(doc.description)} |`),
].join('\n');
const readme = path.join(root, 'README.md');
const text = readFileSync(readme, 'utf8');
const start = '<!-- config:start -->';
const end = '<!-- config:end -->';
const next = text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${table}\n${end}`);
writeFileSync(readme, next);
console.log(`README: ${CONFIG_DOCS.length} variables`);
