// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The intended structure, held by lint (issue 10; docs/ARCHITECTURE.md): which workspace may
 * import which. Each entry lists what a folder must not import; ESLint replaces a rule's options
 * per matching config, so every folder gets exactly one `no-restricted-imports` entry here.
 */
const OURS = ['@campus/*', '@campus/*/*'];
const sdk = {
  group: ['@campus/sdk', '@campus/sdk/*', '**/packages/sdk/**'],
  message: 'The server imports no SDK: shared rules live in packages/contracts.',
};
const ui = { group: ['@campus/ui', '@campus/ui/*', '**/packages/ui/**'] };
const frontEnds = {
  group: [
    '@campus/portal',
    '@campus/portal/*',
    '@campus/cms',
    '@campus/cms/*',
    '@campus/runtime',
    '@campus/runtime/*',
    '**/apps/*/src/**',
  ],
  message: 'Import no front end (apps/*).',
};
const react = {
  group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
  message: 'No React here.',
};
const portal = {
  group: ['@campus/portal', '@campus/portal/*', '**/apps/portal/**', '**/portal/src/**'],
  message: 'A sub-app imports nothing from the portal: share through packages/.',
};
const database = [
  { name: 'kysely', message: 'Query the database only in *.repository.ts.' },
  { name: 'better-sqlite3' },
  { name: 'pg' },
];

const NO_EXPORT_ALL = {
  selector: 'ExportAllDeclaration',
  message: 'No export * barrels: export names explicitly.',
};
const API_PATH_MESSAGE =
  'An API path is defined once, in packages/contracts: use its endpoint (route(), callEndpoint, endpoint.path).';
const NO_API_PATHS = [
  { selector: 'Literal[value=/^\\/(api|zuul)\\/[a-zA-Z_]+\\//]', message: API_PATH_MESSAGE },
  {
    selector: 'TemplateElement[value.raw=/^\\/(api|zuul)\\/[a-zA-Z_]+\\//]',
    message: API_PATH_MESSAGE,
  },
];

function restrict(files, patterns, paths = []) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns, paths }] } };
}

function boundaries() {
  const serverFiles = ['server/src/**/*.ts', 'server/test/**/*.ts'];
  // Only repositories and the db layer touch the database client (STYLE.md anti-pattern 1).
  const databaseOwners = [
    'server/src/db/**',
    'server/src/**/*.repository.ts',
    'server/src/app.ts',
    'server/src/main.ts',
    'server/src/cli/**',
    'server/test/**',
  ];
  const serverRule = [sdk, { ...ui, message: 'The server imports no ui.' }, frontEnds, react];
  return [
    // Contracts are the kernel: they import nothing of ours and no framework.
    restrict(
      ['packages/contracts/src/**/*.ts'],
      [{ group: OURS, message: 'Contracts import nothing of ours.' }, react],
    ),
    // The SDK core is framework-agnostic: no React, no ui kit, no front end.
    restrict(
      ['packages/sdk/src/**/*.ts'],
      [
        { ...react, message: 'The SDK core has no React.' },
        { ...ui, message: 'The SDK imports no @campus/ui.' },
        frontEnds,
      ],
    ),
    // packages/ui serves every app and imports none.
    restrict(['packages/ui/src/**/*.{ts,tsx}'], [frontEnds]),
    // A sub-app shares through packages/, never through the portal.
    restrict(['apps/cms/**/*.{ts,tsx}'], [portal]),
    { ...restrict(serverFiles, serverRule, database), ignores: databaseOwners },
    restrict(
      databaseOwners.filter((f) => f.startsWith('server/')),
      serverRule,
    ),
  ];
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', '.reports/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // `export *` barrels hide the public surface of a package (STYLE.md anti-pattern 4).
      'no-restricted-syntax': ['error', NO_EXPORT_ALL],
    },
  },
  {
    // Every endpoint is defined once, in packages/contracts (issue 10 §1): no API path written
    // out anywhere else in the sources (tests may name the paths they call).
    files: [
      'server/src/**/*.ts',
      'packages/sdk/src/**/*.ts',
      'packages/ui/src/**/*.{ts,tsx}',
      'apps/*/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**'],
    rules: { 'no-restricted-syntax': ['error', NO_EXPORT_ALL, ...NO_API_PATHS] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx', 'packages/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaries(),
);
