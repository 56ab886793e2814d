import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Users read dates as 31.12.2025 14:05 (docs/user-guide.md#dates-and-numbers). ISO text in renderer code is
 * almost always a date about to be shown raw, so it may appear only in the helpers that encode dates for
 * the API or key them internally, listed here with the reason.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const RENDERER = join(repoRoot, 'src/renderer/src');

const ALLOWED: Readonly<Record<string, string>> = {
  'components/date-input/date-input-values.ts': "the picker's value <-> the API's text",
  'components/date-input/day-range.ts': 'day ranges as the API takes them',
  'features/dashboard/calendar/calendar-grid.ts': "a calendar day's internal key",
  'features/dashboard/charts/chart-data.ts': "a chart day's internal key",
  'features/reports/FirstFundPage.tsx': "the report's range as the API takes it",
  'features/reports/PeriodicReportDialog.tsx':
    "the range rule's days and the first send as the API takes them",
};

/** Patterns of ISO formatting: toISOString, a YYYY-MM-DD format string, the date part cut out of a stamp. */
const ISO_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'toISOString()', pattern: /\.toISOString\s*\(/ },
  { name: "'YYYY-MM-DD…' format", pattern: /['"`]YYYY[-/]MM[-/]DD/ },
  { name: "'MM/DD/YYYY' format", pattern: /['"`]MM[-/]DD[-/]YYYY/ },
  { name: 'a timestamp cut with slice(0, 10|16|19)', pattern: /\.slice\(\s*0\s*,\s*(10|16|19)\s*\)/ },
  { name: "toLocaleDateString('en…')", pattern: /toLocale(Date|Time)?String\(\s*['"]en/ },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The code without its comments: documentation may name the API's format. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function isoFindings(file: string, code: string): string[] {
  const clean = withoutComments(code);
  return clean
    .split('\n')
    .flatMap((line, index) =>
      ISO_PATTERNS.filter(({ pattern }) => pattern.test(line)).map(
        ({ name }) => `${file}:${index + 1}: ${name}: ${line.trim()}`,
      ),
    );
}

describe('no ISO dates for people to read in the renderer', () => {
  it('finds the patterns it looks for (the check can fail)', () => {
    expect(isoFindings('x.tsx', 'const t = new Date().toISOString();')).toHaveLength(1);
    expect(isoFindings('x.tsx', "const t = dayjs(v).format('YYYY-MM-DD HH:mm');")).toHaveLength(1);
    expect(isoFindings('x.tsx', '<td>{row.created_at.slice(0, 16)}</td>')).toHaveLength(1);
    expect(isoFindings('x.tsx', "// sent as 'YYYY-MM-DD HH:mm:ss'\nconst a = 1;")).toEqual([]);
    expect(isoFindings('x.tsx', 'const t = formatDateTimeTr(row.created_at);')).toEqual([]);
  });

  it('holds for every renderer file outside the API-encoding helpers', () => {
    const findings = sourceFiles(RENDERER).flatMap((path) => {
      const file = relative(RENDERER, path).split('\\').join('/');
      if (Object.hasOwn(ALLOWED, file)) return [];
      return isoFindings(file, readFileSync(path, 'utf8'));
    });
    expect(findings).toEqual([]);
  });
});
