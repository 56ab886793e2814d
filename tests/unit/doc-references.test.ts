import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFilesForReferences } from '../../scripts/lib/doc-reference-files';
import { rewriteDocReferences, UNFOLLOWABLE_REFERENCE } from '../../scripts/lib/doc-references';

const root = fileURLToPath(new URL('../..', import.meta.url));
const S = '\u00a7';

describe('rewriteDocReferences', () => {
  it('points a specification section at the requirements section stating it', () => {
    expect(rewriteDocReferences(`/** POST /reportBuilder (spec 2 ${S}7): the report. */`)).toBe(
      '/** POST /reportBuilder (see docs/requirements.md#calls): the report. */',
    );
    expect(rewriteDocReferences(`// Spec 1 ${S}5: a field must be chosen`)).toBe(
      '// docs/requirements.md#filters-and-list-input: a field must be chosen',
    );
  });

  it('follows lists, ranges and a reference broken over two comment lines', () => {
    expect(rewriteDocReferences(`(spec 2 ${S}2 /transactions, ${S}3, ${S}6)`)).toBe(
      '(see docs/requirements.md#lead-workspace-and-work-screens /transactions, #lead-money-task-and-report-data, #departments-and-permissions)',
    );
    expect(rewriteDocReferences(`(spec 1 ${S}3-${S}5)`)).toBe(
      '(see docs/requirements.md#records-notes-and-settings, #notification-and-list-states, #filters-and-list-input)',
    );
    expect(rewriteDocReferences(` * lines (spec 1\n * ${S}9). Any other`)).toBe(
      ' * lines (see docs/requirements.md#constants-and-limits). Any other',
    );
  });

  it("points an issue at its feature's docs and leaves unknown numbers alone", () => {
    expect(rewriteDocReferences('// Deposits for demo customers (issue 12).')).toBe(
      '// Deposits for demo customers (see docs/money.md).',
    );
    expect(rewriteDocReferences('# Installers IT can manage (issue #17).')).toBe(
      '# Installers IT can manage (see docs/it-deployment.md).',
    );
    expect(rewriteDocReferences('// issue 99 stays')).toBe('// issue 99 stays');
  });
});

describe('comments in the repository', () => {
  it('point at docs/ or the contract, never at specification sections or issue numbers', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
    const files = sourceFilesForReferences(tracked).filter((file) => existsSync(`${root}/${file}`));
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      readFileSync(`${root}/${file}`, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          UNFOLLOWABLE_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    // `npx tsx scripts/rewrite-doc-references.ts` rewrites them (docs/development.md#comments).
    expect(found).toEqual([]);
  });
});
