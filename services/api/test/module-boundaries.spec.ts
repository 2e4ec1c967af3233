import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { REPO_ROOT } from '../src/core/config/paths';

// The lint rules that hold the API's module boundaries and core faces (tools/lint/api-modules.cjs),
// run on fixtures placed inside the real src folder: the graph they check against is the code's.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const apiModules = require(path.join(REPO_ROOT, 'tools/lint/api-modules.cjs'));
const srcRoot = path.join(REPO_ROOT, 'services/api/src');
const modulesRoot = path.join(srcRoot, 'modules');
const coreRoot = path.join(srcRoot, 'core');

/** Lints `code` as if it were the file at `file` (relative to services/api/src). */
const lintAt = (file: string, code: string) =>
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
          'outpost-api/core-face': ['error', { coreRoot }],
        },
      },
    ],
    { filename: path.join(srcRoot, file) },
  );
const lint = (module: string, code: string) => lintAt(`modules/${module}/fixture.ts`, code);

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

  it("README's module graph and table owners are the code's (npm run arch -- --write regenerates them)", () => {
    const printed = execFileSync(process.execPath, [path.join(REPO_ROOT, 'tools/scripts/arch.mjs')], {
      encoding: 'utf8',
    }).trimEnd();
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`<!-- arch:start -->\n\`\`\`\n${printed}\n\`\`\`\n<!-- arch:end -->`);
    expect(printed).toMatch(/0 past a public face; no cycle\n/);
    // Each table written only by the module that declares it (arch.mjs exits 1 otherwise).
    expect(printed).toMatch(/\ntable owners: \d+ tables, 0 written outside their module$/);
  });
});

describe('API core faces (lint)', () => {
  /** The one message of `code` linted at `file`: outpost-api/core-face, pointing at `face`. */
  const refusedAt = (file: string, code: string, area: string, face: string) => {
    const messages = lintAt(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'outpost-api/core-face', line: 1 });
    expect(messages[0].message).toContain(`reaches into core/${area}'s files; import its face '${face}'`);
  };

  it("refuses a module's deep import into a core area, naming the rule and the face", () => {
    refusedAt(
      'modules/console/fixture.ts',
      "import { sqlEm } from '../../core/database/sql';\n",
      'database',
      '../../core/database',
    );
    refusedAt(
      'modules/players/presence/fixture.ts',
      "import type { AuthUser } from '../../../core/auth/auth-user';\n",
      'auth',
      '../../../core/auth',
    );
  });

  it("refuses another core area's deep import, and a deep re-export", () => {
    refusedAt('core/auth/fixture.ts', "import { ZodPipe } from '../http/zod.pipe';\n", 'http', '../http');
    refusedAt(
      'core/web/fixture.ts',
      "export { Public } from '../auth/access.decorators';\n",
      'auth',
      '../auth',
    );
  });

  it("refuses src's own files and the migrations reaching past a face", () => {
    refusedAt(
      'fixture.ts',
      "import { runMigrations } from './core/database/migrate';\n",
      'database',
      './core/database',
    );
    refusedAt(
      'migrations/fixture.ts',
      "import { SchemaMigration } from '../core/database/schema-migration';\n",
      'database',
      '../core/database',
    );
  });

  it("accepts a core area's face from anywhere, and an area's own files from inside it", () => {
    const accepted = [
      ['modules/console/fixture.ts', "import { sqlEm } from '../../core/database';\n"],
      ['fixture.ts', "import { HttpModule } from './core/http/index';\n"],
      [
        'core/database/fixture.ts',
        "import { sqlEm } from './sql';\nimport { whileHolding } from '../concurrency';\n",
      ],
    ];
    for (const [file, code] of accepted) expect(lintAt(file, code)).toEqual([]);
  });

  it('npm run lint fails a new deep import into core/ (the workspace config holds the rule)', () => {
    const result = spawnSync(
      'npx',
      ['eslint', '--stdin', '--stdin-filename', 'services/api/src/modules/console/fixture.ts'],
      {
        cwd: REPO_ROOT,
        input:
          "import { JsonTextType } from '../../core/database/json-text.type';\nexport const fixture = JsonTextType;\n",
        encoding: 'utf8',
        env: { ...process.env, NX_DAEMON: 'false', FORCE_COLOR: '0' },
      },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('outpost-api/core-face');
    expect(result.stdout).toContain(
      "reaches into core/database's files; import its face '../../core/database'",
    );
  }, 60_000);
});
