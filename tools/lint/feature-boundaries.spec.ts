import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { lintAs as lint, root } from './lint-as';
import plugin from './feature-boundaries.cjs';

/** A file of mfe-players' punishments feature (the rule reads the app's package.json from it). */
const punishments = path.join(root, 'mfe-players/src/features/punishments/components/panel.tsx');
/** `code` refused once, for the module it names. */
const refused = (code: string, to = 'reports') => ({
  code,
  filename: punishments,
  errors: [
    {
      messageId: 'crossFeature',
      data: { from: 'punishments', to, source: /'([^']+)'/.exec(code)?.[1], app: 'mfe-players' },
    },
  ],
});

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run(
  'outpost/no-cross-feature-imports',
  plugin.rules['no-cross-feature-imports'],
  {
    valid: [
      // Its own feature, the app's shared folder, libs and packages.
      { code: "import { x } from '../api/punishments.api';", filename: punishments },
      { code: "import { x } from '../../../shared/utils/list-owner';", filename: punishments },
      { code: "import { Button } from '@outpost/ui'; import { useId } from 'react';", filename: punishments },
      {
        code: "import { x } from '@outpost/mfe-players/src/features/punishments/api';",
        filename: punishments,
      },
      // Where the app joins features, and files outside any feature.
      {
        code: "import { a } from '../features/punishments/a'; import { b } from '../features/reports/b';",
        filename: path.join(root, 'mfe-players/src/moderation/area.tsx'),
      },
      {
        code: "import { a } from './features/reports/components/reports-panel';",
        filename: path.join(root, 'mfe-players/src/routes.tsx'),
      },
      // Another app's feature of the same name is no concern of this rule (module boundaries are).
      {
        code: "import { x } from '../../../../../mfe-networks/src/features/punishments/x';",
        filename: punishments,
      },
    ],
    invalid: [
      refused("import { ReportsPanel } from '../../reports/components/reports-panel';"),
      refused("import type { ReportsQuery } from '../../reports/components/reports-panel';"),
      refused("export { ReportsPanel } from '../../reports/components/reports-panel';"),
      refused("export * from '../../reports';"),
      refused("const page = () => import('../../reports/components/reports-panel');"),
      refused("type Api = typeof import('../../reports/api/reports.api');"),
      refused("jest.mock('../../reports/api/reports.api');"),
      refused("const { x } = require('../../player-list/utils/sorting');", 'player-list'),
      // By the app's package name, onto src/ or onto src/features.
      refused("import { x } from '@outpost/mfe-players/src/features/reports/api/reports.api';"),
      refused("import { x } from '@outpost/mfe-players/features/reports';"),
    ],
  },
);

describe('npm run lint', () => {
  it('fails a feature that imports another feature of its app, naming the rule', () => {
    const result = lint(
      'mfe-networks/src/features/audit/components/fixture.tsx',
      "import { LogsPanel } from '../../logs/components/logs-panel';\nexport const Fixture = LogsPanel;\n",
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      "Feature 'audit' imports feature 'logs' ('../../logs/components/logs-panel'): features of mfe-networks do not import each other",
    );
    expect(result.stdout).toContain('outpost/no-cross-feature-imports');
  }, 60_000);

  it('passes the same feature importing from its app’s shared folder', () => {
    const result = lint(
      'mfe-networks/src/features/audit/components/fixture.tsx',
      "import { listErrorMessage } from '../../../shared/utils/error-message';\nexport const fixture = listErrorMessage;\n",
    );
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);
});
