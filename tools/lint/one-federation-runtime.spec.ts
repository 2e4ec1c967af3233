import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { lintAs as lint, root } from './lint-as';
import plugin from './one-federation-runtime.cjs';

const slotUser = path.join(root, 'mfe-networks/src/features/network-dashboard/components/fixture.tsx');
/** `code` refused once, naming `source`. */
const refused = (code: string, source: string) => ({
  code,
  filename: slotUser,
  errors: [{ messageId: 'runtime', data: { source } }],
});

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run(
  'outpost-federation/no-federation-runtime',
  plugin.rules['no-federation-runtime'],
  {
    valid: [
      // The shell's slot, contracts, and building a remote with the rspack plugin.
      { code: "import { RemoteSlot } from '@outpost/ui';", filename: slotUser },
      { code: "import { PLAYERS_TAB_MODULE } from '@outpost/contracts';", filename: slotUser },
      {
        code: "import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';",
        filename: path.join(root, 'mfe-players/rspack.config.ts'),
      },
      { code: "import { x } from '@module-federation/runtime-like';", filename: slotUser },
    ],
    invalid: [
      refused(
        "import { registerRemotes } from '@module-federation/enhanced/runtime';",
        '@module-federation/enhanced/runtime',
      ),
      refused("import { loadRemote } from '@module-federation/runtime';", '@module-federation/runtime'),
      refused("import { init } from '@module-federation/runtime/core';", '@module-federation/runtime/core'),
      refused("export * from '@module-federation/runtime-core';", '@module-federation/runtime-core'),
      refused(
        "const runtime = () => import('@module-federation/enhanced/runtime');",
        '@module-federation/enhanced/runtime',
      ),
      refused("type Runtime = typeof import('@module-federation/runtime');", '@module-federation/runtime'),
      refused("const r = require('@module-federation/runtime');", '@module-federation/runtime'),
      refused("jest.mock('@module-federation/enhanced/runtime');", '@module-federation/enhanced/runtime'),
    ],
  },
);

describe('npm run lint', () => {
  const registering =
    "import { registerRemotes } from '@module-federation/enhanced/runtime';\nexport const fixture = registerRemotes;\n";

  it('fails a remote that imports the federation runtime, naming the rule', () => {
    const result = lint('mfe-networks/src/features/network-dashboard/components/fixture.tsx', registering);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      "'@module-federation/enhanced/runtime' is a Module Federation runtime: only the shell has one",
    );
    expect(result.stdout).toContain('outpost-federation/no-federation-runtime');
  }, 60_000);

  it('passes the shell importing it', () => {
    const result = lint('shell/src/remotes/fixture.ts', registering);
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);
});
