// One lint config for the workspace. Module-boundary tags live in each package.json ("nx.tags").
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';
import apiModules from './tools/lint/api-modules.cjs';

const apiModulesRoot = path.resolve(import.meta.dirname, 'services/api/src/modules');
const apiCoreRoot = path.resolve(import.meta.dirname, 'services/api/src/core');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/.nx/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['**/src/**/*.ts', '**/src/**/*.tsx', 'e2e/**/*.ts', 'bench/**/*.ts', 'bench/**/*.mjs'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            {
              // Shared libs run anywhere (browser, API, plugin): no network or framework package.
              sourceTag: 'scope:shared',
              onlyDependOnLibsWithTags: ['scope:shared'],
              bannedExternalImports: [
                'ws',
                'undici',
                'axios',
                'socket.io*',
                'express*',
                'helmet',
                'cookie-parser',
                'passport*',
                'nodemailer',
                'ioredis',
                'redis',
                '@redis/*',
                'pg',
                'pg-*',
                'knex',
                '@libsql/*',
                '@nestjs/*',
                '@mikro-orm/*',
                'react*',
                'redux*',
                '@reduxjs/*',
              ],
            },
            {
              sourceTag: 'scope:web',
              onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'],
              bannedExternalImports: ['@nestjs/*', '@mikro-orm/*'],
            },
            {
              sourceTag: 'scope:server',
              onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'],
              bannedExternalImports: ['react*', 'redux*', '@reduxjs/*'],
            },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:host', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
            // The workspace's own lint rules and build scripts: plain Node, no project of ours.
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: [] },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.tsx',
      'shell/**/*.ts',
      'mfe-*/**/*.ts',
      'libs/ui/**/*.ts',
      'libs/api-client/**/*.ts',
      'libs/api-cache/**/*.ts',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The router and Redux are single instances shared through @outpost/router, @outpost/api-client
    // and @outpost/api-cache (tools/mf/shared.mjs); importing the packages directly would load a
    // second, untracked copy of them.
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: 'Import routing from @outpost/router.' },
            { name: 'react-router-dom', message: 'Import routing from @outpost/router.' },
            { name: 'react-redux', message: 'Import the store from @outpost/api-client.' },
            { name: '@reduxjs/toolkit', message: 'Import the store from @outpost/api-client.' },
          ],
          patterns: [
            {
              group: ['react-router/*', 'react-router-dom/*'],
              message: 'Import routing from @outpost/router.',
            },
            { group: ['@reduxjs/toolkit/*'], message: 'Import the store from @outpost/api-client.' },
          ],
        },
      ],
    },
  },
  {
    // The web builds every API URL with API_PATHS (@outpost/contracts), the table that
    // services/api/test/api-paths.spec.ts holds equal to the routes the API serves; a hand-typed
    // '/api/...' would drift from them unseen. Tests may still write the URLs they expect.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'libs/api-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}', '**/src/test/**', '**/src/spec-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//i]', 'TemplateLiteral[quasis.0.value.raw=/^\\/api\\//i]'].map(
          (selector) => ({
            selector,
            message:
              'Build API URLs with API_PATHS from @outpost/contracts (libs/contracts/src/api-paths.ts).',
          }),
        ),
      ],
    },
  },
  {
    // The API's modules: another module is reached through its index.ts only, and no chain of
    // imports leads from a module back to itself (tools/lint/api-modules.cjs; `npm run arch`).
    // A core area (core/<area>) likewise, from anywhere outside it: modules, other core areas,
    // app.module.ts, create-app.ts, main.ts, migrations/. Specs may reach in, to test a file alone.
    files: ['services/api/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    plugins: { 'outpost-api': apiModules },
    rules: {
      'outpost-api/module-face': ['error', { modulesRoot: apiModulesRoot }],
      'outpost-api/no-module-cycle': ['error', { modulesRoot: apiModulesRoot }],
      'outpost-api/core-face': ['error', { coreRoot: apiCoreRoot }],
    },
  },
  {
    // Typed errors per module: each module (and core area) declares what it refuses once, in its
    // x.errors.ts (codes and messages, errorsOf in core/http/domain-error.ts), and throws through
    // that; the HTTP status follows from the code in the one exception filter.
    files: ['services/api/src/**/*.ts'],
    ignores: ['**/*.errors.ts', '**/*.spec.ts', 'services/api/src/core/http/domain-error.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='DomainError']",
          message:
            "Declare the refusal in the module's x.errors.ts and throw through it (typed errors per module).",
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Inside an app, features do not import each other (CONVENTIONS.md): what two features need
    // lives in the app's shared folder or a lib, and the app joins features where it composes its
    // screens (routes.tsx, a folder beside features/). The rule: tools/lint/feature-boundaries.cjs.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    plugins: { outpost: (await import('./tools/lint/feature-boundaries.cjs')).default },
    rules: { 'outpost/no-cross-feature-imports': 'error' },
  },
  {
    // One federation runtime, the shell's: a remote never imports one (tools/lint/one-federation-runtime.cjs).
    // It shows another remote's exposed component through the shell's slot (@outpost/ui's RemoteSlot).
    files: ['mfe-*/**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    plugins: { 'outpost-federation': (await import('./tools/lint/one-federation-runtime.cjs')).default },
    rules: { 'outpost-federation/no-federation-runtime': 'error' },
  },
);
