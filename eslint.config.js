// @ts-check
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { crmPlugin } from './lint/crm-plugin.js';
import { unsortedDependencies } from './lint/package-runtimes.js';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Every npm package, sorted into the runtimes whose code may import it (docs/development.md#adding-a-dependency).
 * `tooling` is tests, scripts and configs, which may import any sorted package; `shared` gets only pure
 * packages that run unchanged in Node and in a browser page. A package.json dependency missing here
 * stops lint, and so does importing a package outside its runtimes.
 *
 * @type {Record<string, readonly import('./lint/package-runtimes.js').Runtime[]>}
 */
const packageRuntimes = {
  // shared: pure JavaScript, no Node or DOM API (the import file parsers run on both sides).
  zod: ['shared', 'server', 'main', 'renderer'],
  dayjs: ['shared', 'server', 'main', 'renderer'],
  xlsx: ['shared', 'server', 'renderer'],
  fflate: ['shared', 'server', 'renderer'],
  // server
  '@electric-sql/pglite': ['server'],
  '@fastify/cors': ['server'],
  '@fastify/multipart': ['server'],
  '@fastify/static': ['server'],
  '@socket.io/redis-adapter': ['server'],
  argon2: ['server'],
  fastify: ['server'],
  kysely: ['server'],
  'kysely-pglite-dialect': ['server'],
  'libpg-query': ['server'],
  nodemailer: ['server'],
  pg: ['server'],
  qs: ['server'],
  redis: ['server'],
  'socket.io': ['server'],
  'swagger-ui-dist': ['server'],
  // Electron main process (electron itself only in the thin files, see electronFiles)
  electron: ['main', 'preload'],
  'electron-log': ['main'],
  'electron-store': ['main'],
  'electron-updater': ['main'],
  keytar: ['main'],
  // the desktop's main process and the web edition's page both follow the server's pushes
  'socket.io-client': ['main', 'renderer'],
  // renderer
  '@blueprintjs/core': ['renderer'],
  '@blueprintjs/datetime': ['renderer'],
  '@blueprintjs/icons': ['renderer'],
  '@blueprintjs/table': ['renderer'],
  '@tanstack/react-query': ['renderer'],
  'date-fns': ['renderer'],
  jspdf: ['renderer'],
  react: ['renderer'],
  'react-dom': ['renderer'],
  'react-router-dom': ['renderer'],
  recharts: ['renderer'],
  // tooling: builds, tests, lint
  '@eslint/js': ['tooling'],
  '@playwright/test': ['tooling'],
  '@seriousme/openapi-schema-validator': ['tooling'],
  '@types/node': ['tooling'],
  '@types/nodemailer': ['tooling'],
  '@types/pg': ['tooling'],
  '@types/qs': ['tooling'],
  '@types/react': ['tooling'],
  '@types/react-dom': ['tooling'],
  '@types/smtp-server': ['tooling'],
  '@vitejs/plugin-react': ['tooling'],
  ajv: ['tooling'],
  dpdm: ['tooling'],
  'electron-builder': ['tooling'],
  'electron-vite': ['tooling'],
  esbuild: ['tooling'],
  eslint: ['tooling'],
  'eslint-plugin-react-hooks': ['tooling'],
  'fast-check': ['tooling'],
  globals: ['tooling'],
  node: ['tooling'],
  prettier: ['tooling'],
  'smtp-server': ['tooling'],
  tsx: ['tooling'],
  typescript: ['tooling'],
  'typescript-eslint': ['tooling'],
  undici: ['tooling'],
  vite: ['tooling'],
  vitest: ['tooling'],
  // not in package.json: installed with electron-builder (its config and update checks are tested) and
  // with the icon tooling; tests and scripts use them as those tools do.
  'app-builder-lib': ['tooling'],
  'builder-util': ['tooling'],
  'builder-util-runtime': ['tooling'],
  'fast-png': ['tooling'],
};

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const unsorted = unsortedDependencies(manifest, packageRuntimes);
if (unsorted.length > 0)
  throw new Error(
    `package.json lists ${unsorted.join(', ')}, not sorted into any runtime: add them to packageRuntimes in eslint.config.js (docs/development.md#adding-a-dependency).`,
  );

/** The import-path aliases of the tsconfigs (`@shared/domain/x`): project paths, not packages. */
const pathAliases = ['@shared', '@server', '@renderer'];

/** @param {import('./lint/package-runtimes.js').Runtime} runtime */
const packagesOf = (runtime) => ['error', { runtime, packages: packageRuntimes, aliases: pathAliases }];

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

/**
 * The layers inside each runtime, lowest first (docs/architecture.md#layers; tests/unit/lint/layers.test.ts
 * shows each arrow refused). A file belongs to the first layer whose paths match it (extension-less,
 * `*` one segment, `**` any depth); it may import its own layer and the layers in `may`.
 */
const serverLayers = [
  {
    name: 'kernel',
    files: ['src/server/domain-errors', 'src/server/kernel/**'],
    may: [],
  },
  { name: 'db', files: ['src/server/db/**'], may: ['kernel'] },
  // The outbox mail and the ledger platform are stand-ins kept in our own tables: they read db/schema.
  { name: 'adapters', files: ['src/server/adapters/**'], may: ['kernel', 'db'] },
  { name: 'cache', files: ['src/server/cache/**'], may: ['kernel', 'db'] },
  { name: 'engine', files: ['src/server/engine/**'], may: ['kernel', 'db', 'cache'] },
  // A module's routes file is its HTTP face: it binds contract calls with http/register-call.
  {
    name: 'routes',
    files: ['src/server/modules/*/routes', 'src/server/modules/*/*-routes'],
    may: ['kernel', 'db', 'adapters', 'cache', 'engine', 'modules', 'services', 'http'],
  },
  { name: 'modules', files: ['src/server/modules/**'], may: ['kernel', 'db', 'adapters', 'cache', 'engine'] },
  {
    name: 'services',
    files: ['src/server/services'],
    may: ['kernel', 'db', 'adapters', 'cache', 'engine', 'modules', 'jobs'],
  },
  { name: 'http', files: ['src/server/http/**'], may: ['kernel', 'db', 'cache', 'engine', 'modules'] },
  {
    name: 'realtime',
    files: ['src/server/realtime/**'],
    may: ['kernel', 'db', 'cache', 'engine', 'modules'],
  },
  {
    name: 'jobs',
    files: ['src/server/jobs/**'],
    may: ['kernel', 'db', 'adapters', 'cache', 'engine', 'modules'],
  },
  {
    name: 'seed',
    files: ['src/server/seed/**'],
    may: ['kernel', 'db', 'adapters', 'cache', 'engine', 'modules'],
  },
  {
    name: 'composition',
    files: [
      'src/server/compose',
      'src/server/app',
      'src/server/bootstrap',
      'src/server/start-server',
      'src/server/cli/**',
    ],
    may: [
      'kernel',
      'db',
      'adapters',
      'cache',
      'engine',
      'modules',
      'routes',
      'services',
      'http',
      'realtime',
      'jobs',
      'seed',
    ],
  },
];

const rendererLayers = [
  { name: 'i18n', files: ['src/renderer/src/i18n/**'], may: [] },
  { name: 'bridge', files: ['src/renderer/src/bridge/**'], may: ['i18n'] },
  { name: 'api', files: ['src/renderer/src/api/**'], may: ['i18n', 'bridge'] },
  // Plain building blocks: they know no CRM call.
  { name: 'ui', files: ['src/renderer/src/ui/**'], may: ['i18n'] },
  // Building blocks that know the CRM's fields and calls: field editors and renderers, the record form.
  { name: 'components', files: ['src/renderer/src/components/**'], may: ['i18n', 'bridge', 'api', 'ui'] },
  // What features register their screens and menu targets into; it imports no feature.
  { name: 'routing', files: ['src/renderer/src/routing/**'], may: ['i18n', 'bridge', 'api', 'ui'] },
  {
    name: 'shell',
    files: ['src/renderer/src/shell/**'],
    may: ['i18n', 'bridge', 'api', 'ui', 'components', 'routing'],
  },
  {
    name: 'features',
    files: ['src/renderer/src/features/**'],
    may: ['i18n', 'bridge', 'api', 'ui', 'components', 'routing', 'shell'],
  },
  {
    name: 'app',
    files: ['src/renderer/src/app/**', 'src/renderer/src/main'],
    may: ['i18n', 'bridge', 'api', 'ui', 'components', 'routing', 'shell', 'features'],
  },
];

const sharedLayers = [
  { name: 'i18n', files: ['src/shared/i18n/**'], may: [] },
  { name: 'domain', files: ['src/shared/domain/**'], may: ['i18n'] },
  { name: 'contract', files: ['src/shared/contract/**'], may: ['i18n', 'domain'] },
  {
    name: 'bridge',
    files: ['src/shared/bridge', 'src/shared/ipc-channels'],
    may: ['i18n', 'domain', 'contract'],
  },
];

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
  // npm packages per runtime (packageRuntimes above); tests/unit/lint/package-runtimes.test.ts shows it firing.
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    rules: { 'crm/package-runtimes': packagesOf('tooling') },
  },
  { files: ['src/server/**'], rules: { 'crm/package-runtimes': packagesOf('server') } },
  { files: ['src/main/**'], rules: { 'crm/package-runtimes': packagesOf('main') } },
  { files: ['src/preload/**'], rules: { 'crm/package-runtimes': packagesOf('preload') } },
  { files: ['src/renderer/src/**'], rules: { 'crm/package-runtimes': packagesOf('renderer') } },
  { files: ['src/shared/**'], rules: { 'crm/package-runtimes': packagesOf('shared') } },
  // Layers inside each runtime (serverLayers, rendererLayers, sharedLayers above).
  {
    files: ['src/server/**'],
    rules: { 'crm/layers': ['error', { runtime: 'server', layers: serverLayers }] },
  },
  {
    files: ['src/server/modules/**'],
    rules: { 'crm/feature-entry': ['error', { featuresFolder: 'src/server/modules' }] },
  },
  {
    files: ['src/renderer/src/**'],
    rules: { 'crm/layers': ['error', { runtime: 'renderer', layers: rendererLayers }] },
  },
  {
    files: ['src/shared/**'],
    rules: { 'crm/layers': ['error', { runtime: 'shared', layers: sharedLayers }] },
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
