// One lint configuration for the workspace. Every project's eslint.config.mjs re-exports it,
// so `nx run <project>:lint` lints that project alone with the same rules.
// The module-boundary rule turns DESIGN.md's picture into errors: no app imports another
// app, libs never import apps, libs/ui never reaches libs/api-client, a remote only reaches
// its own scope and the shared libs.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
// The remotes share one layout (issue 18, item 5; each app's README, "Layout"): src/exposes
// (federated modules) -> src/features/<feature> -> src/app (what several features use).
const remotes = ['catalog', 'product', 'cart-checkout', 'account', 'appointments'];

const scopes = ['shell', 'catalog', 'product', 'cart-checkout', 'account', 'appointments', 'api', 'edge'];

const configs = [
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.deploy*/**', '**/test-results/**', '**/playwright-report/**', '**/.data/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            ...scopes.map((scope) => ({
              sourceTag: `scope:${scope}`,
              onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
            })),
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:ui', 'type:util'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:data-access', 'type:tooling'] },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:util', 'type:data-access'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:ui', 'type:util'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
          ],
        },
      ],
    },
  },
  {
    // Routing comes from the one shared, tree-shaken module (ADR 011).
    files: ['apps/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    ignores: ['libs/router/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['react-router', 'react-router-dom'].map((name) => ({
              name,
              message:
                "Import routing from '@eyewear/router' (ADR 011): react-router is not shared, so a copy imported directly has no router context and breaks the page.",
            })),
            {
              // Issue 37, ADR 040: a saga's watchers end with it; the page store attaches any spawn anyway.
              name: 'redux-saga/effects',
              importNames: ['spawn'],
              message: 'Fork, never spawn (ADR 040): a spawned watcher outlives its saga and handles every action once more per copy.',
            },
            { name: 'redux-saga', importNames: ['detach'], message: 'Fork, never detach (ADR 040): a detached watcher outlives its saga.' },
          ],
        },
      ],
    },
  },
  {
    // Layout (issue 18, item 5): no import cycles in an app, and imports flow one way in a
    // remote: exposes -> features -> app. A feature never reaches an exposed module; the app
    // folder (messages, styles, what several features share) never reaches a feature.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/api/**'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are parsed for the cycle check (import-x skips unknown extensions).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: [`${root}/apps/*/tsconfig.json`, `${root}/libs/*/tsconfig.json`] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: remotes.flatMap((app) => [
            {
              target: `apps/${app}/src/app`,
              from: [`apps/${app}/src/features`, `apps/${app}/src/exposes`],
              message: 'src/app is what features share: it must not import a feature or an exposed module (README "Layout").',
            },
            {
              target: `apps/${app}/src/features`,
              from: `apps/${app}/src/exposes`,
              message: 'A feature must not import an exposed module: exposes compose features, not the reverse (README "Layout").',
            },
          ]),
        },
      ],
    },
  },
  {
    // Size (issue 18, item 7): a source file past 300 lines of code is a warning, a hint to
    // split it. Formatting is Prettier's (.prettierrc.json, checked by `npm test`).
    files: ['apps/**/src/**/*.{ts,tsx}', 'libs/**/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Project configuration files extend the workspace's own; they are tooling, not code.
    files: ['**/eslint.config.mjs', '**/jest.config.cjs', '**/webpack.config.js'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.cjs', '**/webpack.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' } },
  },
];

// Every pattern is relative to the workspace root, also when a project lints itself
// (`nx run <project>:lint` runs `eslint .` in its folder with this same array): without a
// base path, `apps/*/src/**` would match nothing there and the layout, routing and size rules
// would silently not apply.
export default configs.map((config) => ({ basePath: root, ...config }));
