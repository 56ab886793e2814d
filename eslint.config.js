// @ts-check
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { crmPlugin } from './lint/crm-plugin.js';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/** Node's built-in modules (`fs` stands for `node:fs` too): none of them exists in a browser page. */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

/** The thin files that may import `electron`; all other code gets Electron objects as parameters. */
const electronFiles = [
  'src/main/index.ts',
  'src/main/electron-adapters.ts',
  'src/main/window-options.ts',
  'src/preload/index.ts',
];

const electronOnlyInThinFiles = {
  name: 'electron',
  reason: `only ${electronFiles.join(', ')} import electron; the logic gets Electron objects as parameters`,
};

const preloadBoundary = {
  onlyFolders: ['src/preload', 'src/shared'],
  reason: 'the sandboxed preload exposes the bridge and is bundled alone, with src/shared only',
};

const mainBoundary = {
  forbiddenFolders: ['src/server', 'src/renderer', 'src/preload'],
  reason: 'the main process talks to the CRM server over HTTP (the embedded one is its own process)',
};

export default defineConfig([
  globalIgnores([
    'out/',
    'dist/',
    'release/',
    'node_modules/',
    'data/',
    'build/',
    'coverage/',
    'tests/e2e/results/',
    'tests/e2e/report/',
    'tests/bench/results/',
    'tests/electron/results/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  tseslint.configs.strict,

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },

  // Node runtimes: Electron main, preload, CRM server, tests, tooling configs.
  {
    files: [
      'src/main/**',
      'src/preload/**',
      'src/server/**',
      'tests/**',
      'scripts/**',
      'lint/**',
      '*.{js,mjs,cjs,ts,mts,cts}',
      'src/renderer/*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  // Renderer (React) and shared code run in the browser.
  {
    files: ['src/renderer/src/**', 'src/shared/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@blueprintjs/core',
              importNames: ['Popover'],
              message: '<Popover> mispositions its content under React 19: use <PopoverNext>.',
            },
          ],
        },
      ],
    },
  },
  // Layer boundaries (ARCHITECTURE.md, "Four runtimes, one contract"); tests/unit/lint shows each firing.
  {
    plugins: { crm: crmPlugin },
    settings: { crm: { projectRoot } },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'crm/import-boundaries': [
        'error',
        {
          onlyFolders: ['src/shared'],
          forbiddenModules: ['electron', 'react', 'react-dom', ...nodeBuiltins],
          reason: 'src/shared is imported by every runtime, the browser included, and imports none of them',
        },
      ],
    },
  },
  {
    files: ['src/renderer/src/**'],
    rules: {
      'crm/import-boundaries': [
        'error',
        {
          onlyFolders: ['src/renderer/src', 'src/shared'],
          forbiddenModules: ['electron', ...nodeBuiltins],
          reason: 'the renderer is a browser page that reaches everything else through its bridge',
        },
      ],
      'crm/feature-entry': ['error', { featuresFolder: 'src/renderer/src/features' }],
    },
  },
  {
    files: ['src/preload/**'],
    rules: {
      'crm/import-boundaries': ['error', { ...preloadBoundary, forbiddenModules: [electronOnlyInThinFiles] }],
    },
  },
  {
    files: ['src/main/**'],
    rules: {
      'crm/import-boundaries': ['error', { ...mainBoundary, forbiddenModules: [electronOnlyInThinFiles] }],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'crm/import-boundaries': [
        'error',
        {
          onlyFolders: ['src/server', 'src/shared'],
          forbiddenModules: ['electron'],
          reason: 'the CRM server runs on its own (tsconfig.server.json) and shares only src/shared',
        },
      ],
    },
  },
  // The thin Electron files: the same boundaries, with electron allowed.
  {
    files: electronFiles.filter((file) => file.startsWith('src/main/')),
    rules: { 'crm/import-boundaries': ['error', mainBoundary] },
  },
  {
    files: electronFiles.filter((file) => file.startsWith('src/preload/')),
    rules: { 'crm/import-boundaries': ['error', preloadBoundary] },
  },
]);
