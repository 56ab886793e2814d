import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { viteAliases } from '../scripts/lib/path-aliases';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: repoRoot,
  resolve: { alias: viteAliases(repoRoot) },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // On PostgreSQL: fails the run when the database the URL names was changed.
          globalSetup: ['tests/server/support/named-database-guard.ts'],
        },
      },
    ],
  },
});
