import { resolve } from 'node:path';

/**
 * The import-path aliases (`@shared/domain/x` instead of `../../../shared/domain/x`), as the bundlers and
 * vitest read them. The tsconfigs' `paths` and lint/import-sources.js (PATH_ALIASES) list the same three;
 * tests/unit/scripts/path-aliases.test.ts keeps them equal.
 */
export const PATH_ALIASES = {
  '@shared': 'src/shared',
  '@server': 'src/server',
  '@renderer': 'src/renderer/src',
} as const;

/** Vite's `resolve.alias` for a repository at `repoRoot`. */
export function viteAliases(repoRoot: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PATH_ALIASES).map(([alias, folder]) => [alias, resolve(repoRoot, folder)]),
  );
}
