import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { REPO_ROOT } from '../src/core/config/paths';

// The lint rules that hold the API's module boundaries (tools/lint/api-modules.cjs), run on
// fixtures placed inside the real modules folder: the graph they check against is the code's.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const apiModules = require(path.join(REPO_ROOT, 'tools/lint/api-modules.cjs'));
const modulesRoot = path.join(REPO_ROOT, 'services/api/src/modules');

const lint = (module: string, code: string) =>
  new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { 'outpost-api': apiModules },
        rules: {
          'outpost-api/module-face': ['error', { modulesRoot }],
          'outpost-api/no-module-cycle': ['error', { modulesRoot }],
        },
      },
    ],
    { filename: path.join(modulesRoot, module, 'fixture.ts') },
  );

describe('API module boundaries (lint)', () => {
  it("refuses a deep import into another module's files, naming the rule and the face", () => {
    const messages = lint('console', "import { GameServer } from '../servers/server.entity';\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'outpost-api/module-face', line: 1 });
    expect(messages[0].message).toContain("import its public face '../servers'");
  });

  it('refuses a deep re-export and a deep type import too', () => {
    const messages = lint(
      'console',
      "export { GameServer } from '../servers/server.entity';\nimport type { PluginServer } from '../servers/server.entity';\n",
    );
    expect(messages.map((message) => message.ruleId)).toEqual([
      'outpost-api/module-face',
      'outpost-api/module-face',
    ]);
  });

  it("accepts another module's face and the module's own files", () => {
    expect(
      lint(
        'console',
        "import { GameServer } from '../servers';\nimport { ConsoleService } from './console.service';\n",
      ),
    ).toEqual([]);
  });

  it('refuses an import that closes a cycle between modules, and prints the cycle', () => {
    // console depends on servers; servers importing console would close the loop.
    const messages = lint('servers', "import { ConsoleModule } from '../console';\n");
    expect(messages).toHaveLength(1);
    expect(messages[0].ruleId).toBe('outpost-api/no-module-cycle');
    expect(messages[0].message).toContain('servers -> console -> servers');
  });

  it('lets a type-only import go back up (it leaves no trace at run time)', () => {
    expect(lint('servers', "import type { ConsoleModule } from '../console';\n")).toEqual([]);
  });

  it("README's module graph is the code's (npm run arch -- --write regenerates it)", () => {
    const printed = execFileSync(process.execPath, [path.join(REPO_ROOT, 'tools/scripts/arch.mjs')], {
      encoding: 'utf8',
    }).trimEnd();
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`<!-- arch:start -->\n\`\`\`\n${printed}\n\`\`\`\n<!-- arch:end -->`);
    expect(printed).toMatch(/0 past a public face; no cycle$/);
  });
});
