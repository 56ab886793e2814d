// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    },
  },
]);
