import { describe, expect, it } from 'vitest';
import { cleanImportCell } from '../../../src/shared/domain/import-cells';
import { CsvRowReader, type CsvSeparator } from '../../../src/shared/domain/import-csv';

/** The cell rule as the spec words it, without the fast path: the answer the fast path must give. */
const byRule = (raw: string): string =>
  raw
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\p{L}\p{M}\p{N} \n.,;:!?'"()[\]\-_/\\@#&%+*=$€₺<>|~^]/gu, '')
    .trim();

/** CSV read one character at a time (the reader's rules before it read in slices). */
function byCharacter(text: string, sep: CsvSeparator): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let quoteSeen = false;
  let atStart = true;
  let pendingCr = false;
  const endField = (): void => {
    row.push(field);
    field = '';
    atStart = true;
  };
  for (const char of text) {
    if (pendingCr) {
      pendingCr = false;
      if (char === '\n') continue;
    }
    if (quoted) {
      if (quoteSeen) {
        quoteSeen = false;
        if (char === '"') {
          field += '"';
          continue;
        }
        quoted = false;
      } else if (char === '"') {
        quoteSeen = true;
        continue;
      } else {
        field += char;
        continue;
      }
    }
    if (char === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (char === sep) endField();
    else if (char === '\n' || char === '\r') {
      endField();
      rows.push(row);
      row = [];
      if (char === '\r') pendingCr = true;
    } else {
      atStart = false;
      field += char;
    }
  }
  if (quoted && quoteSeen) quoted = false;
  if (field !== '' || row.length > 0 || quoted) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the importer fast paths give what the rules give', () => {
  it('cleans every character of U+0000-U+02FF (and a few beyond) as the Unicode rule does', () => {
    const codes = [...Array.from({ length: 0x300 }, (_, i) => i), 0x20ac, 0x20ba, 0x1f600, 0x2028, 0xfeff];
    for (const code of codes) {
      const cell = ` a${String.fromCodePoint(code)}b${String.fromCodePoint(code)} `;
      expect(cleanImportCell(cell), `U+${code.toString(16)}`).toBe(byRule(cell));
    }
  });

  it('reads random CSV in random pieces exactly as character by character', () => {
    const next = random(2026);
    const alphabet = ['a', 'Ş', 'ı', ';', ',', '"', '""', '\n', '\r\n', '\r', ' ', '1', 'ğ'];
    for (let round = 0; round < 400; round += 1) {
      let text = '';
      const size = Math.floor(next() * 60);
      for (let i = 0; i < size; i += 1) text += alphabet[Math.floor(next() * alphabet.length)];
      for (const sep of [';', ','] as const) {
        const rows: string[][] = [];
        const reader = new CsvRowReader(sep, (row) => rows.push(row));
        // Cut anywhere, a "" pair or a \r\n included: a streamed file arrives so.
        for (let at = 0; at < text.length;) {
          const step = 1 + Math.floor(next() * 7);
          reader.push(text.slice(at, at + step));
          at += step;
        }
        reader.end();
        expect(rows, JSON.stringify(text)).toEqual(byCharacter(text, sep));
      }
    }
  });

  it('still stops a field over the limit while reading it in slices', () => {
    const reader = new CsvRowReader(
      ';',
      () => undefined,
      10,
      () => {
        throw new Error('too long');
      },
    );
    expect(() => reader.push(`kısa;${'x'.repeat(11)};son\n`)).toThrow('too long');
    const quoted = new CsvRowReader(
      ';',
      () => undefined,
      10,
      () => {
        throw new Error('too long');
      },
    );
    expect(() => quoted.push(`"${'ş\n'.repeat(6)}"\n`)).toThrow('too long');
  });
});
