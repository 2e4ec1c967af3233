// `npm run arch`: the API's module graph, read from the code (tools/lint/api-module-graph.cjs).
// Each line is a module and the modules it depends on, lowest layer first; `--write` puts the same
// text in the README's Architecture section (between the arch markers), which a test compares.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import graphs from '../lint/api-module-graph.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const text = graphs.describeGraph(graphs.readModuleGraph(path.join(root, 'services/api/src/modules')));
console.log(text);

if (process.argv.includes('--write')) {
  const readmePath = path.join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- arch:start -->';
  const end = '<!-- arch:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} ... ${end} section`);
  const section = `${start}\n\`\`\`\n${text}\n\`\`\`\n${end}`;
  writeFileSync(readmePath, readme.slice(0, from) + section + readme.slice(to + end.length));
  console.log('README.md: module graph written');
}
