import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PATH_ALIASES as LINT_ALIASES } from '../../../lint/import-sources.js';
import { PATH_ALIASES } from '../../../scripts/lib/path-aliases';
import { aliasLoadsSameModule } from './path-aliases-probe';

const repo = new URL('../../../', import.meta.url);

/** A tsconfig's `paths`, comments stripped (tsconfig.json carries one). */
function tsconfigPaths(name: string): Record<string, string[]> {
  const text = readFileSync(new URL(name, repo), 'utf8').replace(/^\s*\/\/.*$/gm, '');
  return (JSON.parse(text) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
}

describe('the path aliases are the same everywhere', () => {
  const expected = Object.fromEntries(
    Object.entries(PATH_ALIASES).map(([alias, folder]) => [`${alias}/*`, [`./${folder}/*`]]),
  );

  it('in every tsconfig, lint and the bundlers', () => {
    for (const name of ['tsconfig.json', 'tsconfig.node.json', 'tsconfig.server.json', 'tsconfig.web.json'])
      expect(tsconfigPaths(name), name).toEqual(expected);
    expect(LINT_ALIASES).toEqual(PATH_ALIASES);
  });

  it('resolve in vitest like the relative path', () => {
    expect(aliasLoadsSameModule()).toBe(true);
  });
});
