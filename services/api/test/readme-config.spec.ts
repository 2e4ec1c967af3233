import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS } from '../src/core/config';
import { REPO_ROOT } from '../src/core/config/paths';

// The README's configuration table is generated from CONFIG_DOCS (tools/scripts/config-table.mjs);
// this fails when a variable is added without regenerating it.
describe('README configuration table', () => {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

  it.each(CONFIG_DOCS.map((doc) => [doc.name, doc.default]))(
    'documents %s with its default',
    (name, fallback) => {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row).toBeDefined();
      expect(row).toContain(fallback.replaceAll('|', '\\|'));
    },
  );
});
