import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SPEC_ANSWERS } from './spec-answers';
import { SPEC_CALLS } from './spec-calls';

/**
 * Every call of both API tables of the specification (docs/api-conformance.md) has a test here (its title names the call) and a row in
 * docs/api-conformance.md. Titles are read from the files' text: a call is covered when a test title
 * names it followed by something that is not more path ('/bids/{x}' is not covered by '/bids/{x}/{y}').
 */

const folder = fileURLToPath(new URL('.', import.meta.url));
const docs = readFileSync(
  fileURLToPath(new URL('../../../docs/api-conformance.md', import.meta.url)),
  'utf8',
);

function titles(): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.test.ts') || name === 'coverage.test.ts') continue;
    const text = readFileSync(`${folder}/${name}`, 'utf8');
    for (const match of text.matchAll(/\bit\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs)) found.push(match[2] ?? '');
  }
  return found;
}

const names = (call: string): RegExp =>
  new RegExp(`${call.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/{])`);

describe('the conformance suite covers both API tables of the specification (docs/api-conformance.md)', () => {
  const all = titles();

  it.each(SPEC_CALLS.map((entry) => [entry.call] as const))('%s has a test', (call) => {
    expect(
      all.some((title) => names(call).test(title)),
      call,
    ).toBe(true);
  });

  it.each(SPEC_CALLS.map((entry) => [entry.call] as const))(
    '%s has a row in docs/api-conformance.md',
    (call) => {
      expect(
        docs.split('\n').some((line) => line.startsWith('|') && names(`\`${call}\``).test(line)),
        call,
      ).toBe(true);
    },
  );

  it('spec-answers.ts shapes only calls of the list', () => {
    const calls = new Set(SPEC_CALLS.map((entry) => entry.call));
    expect(Object.keys(SPEC_ANSWERS).filter((call) => !calls.has(call))).toEqual([]);
  });
});
