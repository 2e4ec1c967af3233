// `npm run arch`: the API's module graph and its tables' owners, read from the code
// (tools/lint/api-module-graph.cjs, tools/lint/api-table-owners.cjs). The graph lists each module and
// the modules it depends on, lowest layer first; the owners list each module's tables, then every
// write of a table from outside its module, and the run fails when there is one. `--write` puts the
// same text in the README's Architecture section (between the arch markers), which a test compares.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import graphs from '../lint/api-module-graph.cjs';
import owners from '../lint/api-table-owners.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const api = path.join(root, 'services/api');
const graph = graphs.describeGraph(graphs.readModuleGraph(path.join(api, 'src/modules')));
const tables = owners.readTableOwners(api);
const text = `${graph}\n\n${owners.describeTableOwners(tables)}`;
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
  console.log('README.md: module graph and table owners written');
}
if (tables.writes.length > 0) {
  console.error(
    `\n${tables.writes.length} write(s) of a table outside its module: call the owner's service or port instead`,
  );
  process.exit(1);
}
