// @vitest-environment node
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import {
  TURKISH_FOLD_FROM,
  TURKISH_FOLD_SQL_COLLATION,
  TURKISH_FOLD_TO,
  foldTurkish,
  normalizeSearchText,
} from '../../../src/shared/domain/turkish-fold';

const WORDS = [
  'ışık',
  'IŞIK',
  'Işık',
  'isik',
  'İstanbul',
  'İZMİR',
  'Ankara',
  'ÇAĞRI',
  'Çağrı Şahin',
  'ÖZGÜR',
  'Gülşen Öztürk',
  'Ilgaz',
  'ılık',
  'Şükrü Üçüncü',
  'ĞĞğğ',
  'Kâzım',
  'hâlâ',
  'Îmân',
  'Ûmit',
  'AbCdEfGhIjKlMnOpQrStUvWxYz',
  'İşlem Başarısız',
  'MÜŞTERİ İLİŞKİLERİ',
  'Kayıt Bulunamadı',
  'ÇİĞDEM',
  'IĞDIR',
];

/** An independent model of Postgres translate() + lower() under the C collation. */
function sqlModel(input: string): string {
  const from = Array.from(TURKISH_FOLD_FROM);
  const to = Array.from(TURKISH_FOLD_TO);
  return Array.from(input, (char) => {
    const index = from.indexOf(char);
    const translated = index === -1 ? char : (to[index] ?? '');
    return /^[A-Z]$/.test(translated) ? translated.toLowerCase() : translated;
  }).join('');
}

describe('TURKISH_FOLD_FROM / TURKISH_FOLD_TO', () => {
  it('map char by char and use single UTF-16 units, as SQL translate needs', () => {
    expect(TURKISH_FOLD_FROM.length).toBe(TURKISH_FOLD_TO.length);
    expect(Array.from(TURKISH_FOLD_FROM)).toHaveLength(TURKISH_FOLD_FROM.length);
    expect(new Set(TURKISH_FOLD_FROM).size).toBe(TURKISH_FOLD_FROM.length);
    expect(TURKISH_FOLD_TO).toMatch(/^[a-z]+$/);
  });

  it('cover every Turkish special letter', () => {
    for (const char of 'İIıŞşĞğÜüÖöÇçÂâÎîÛû') expect(TURKISH_FOLD_FROM).toContain(char);
  });
});

describe('foldTurkish', () => {
  it('folds the dotted and dotless i forms to the same text', () => {
    for (const word of ['ışık', 'IŞIK', 'isik', 'Işık', 'İŞİK', 'ISIK'])
      expect(foldTurkish(word)).toBe('isik');
  });

  it('maps each Turkish letter to its ASCII base', () => {
    expect(foldTurkish('İIıŞşĞğÜüÖöÇçÂâÎîÛû')).toBe('iiissgguuooccaaiiuu');
    expect(foldTurkish('Çağrı Şahin')).toBe('cagri sahin');
    expect(foldTurkish('ÖZGÜR')).toBe('ozgur');
  });

  it('never produces the combining dot that toLowerCase gives for İ', () => {
    expect('İ'.toLowerCase()).toHaveLength(2);
    expect(foldTurkish('İ')).toBe('i');
  });

  it('lower-cases ASCII only and keeps other characters, like lower() under COLLATE "C"', () => {
    expect(foldTurkish('ÉÄ ß Σ')).toBe('ÉÄ ß Σ');
    expect(foldTurkish('ABC xyz 123 _%')).toBe('abc xyz 123 _%');
  });

  it('keeps whitespace as is (so it matches SQL on stored values)', () => {
    expect(foldTurkish('  Ali   VELİ ')).toBe('  ali   veli ');
  });

  it('matches the SQL model on every word of the list', () => {
    for (const word of WORDS) expect(foldTurkish(word)).toBe(sqlModel(word));
  });

  it('is idempotent', () => {
    for (const word of WORDS) expect(foldTurkish(foldTurkish(word))).toBe(foldTurkish(word));
  });

  it('handles characters outside the BMP', () => {
    expect(foldTurkish('A😀Ş')).toBe('a😀s');
  });
});

describe('normalizeSearchText', () => {
  it('folds, collapses whitespace and trims', () => {
    expect(normalizeSearchText('  Çağrı \t\n  ŞAHİN  ')).toBe('cagri sahin');
    expect(normalizeSearchText('   ')).toBe('');
  });
});

describe('foldTurkish against real Postgres (PGlite)', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  const foldSql = `lower(translate($1::text, $2::text, $3::text) collate "${TURKISH_FOLD_SQL_COLLATION}")`;

  it('gives exactly what lower(translate(...) COLLATE "C") gives', async () => {
    const inputs = [...WORDS, 'ÉÄ ß Σ', 'A😀Ş', '  Ali   VELİ '];
    for (const word of inputs) {
      const result = await db.query<{ folded: string }>(`select ${foldSql} as folded`, [
        word,
        TURKISH_FOLD_FROM,
        TURKISH_FOLD_TO,
      ]);
      expect(result.rows[0]?.folded, word).toBe(foldTurkish(word));
    }
  });

  it('also matches plain lower(translate(...)) for Turkish words', async () => {
    for (const word of WORDS) {
      const result = await db.query<{ folded: string }>(
        'select lower(translate($1::text, $2::text, $3::text)) as folded',
        [word, TURKISH_FOLD_FROM, TURKISH_FOLD_TO],
      );
      expect(result.rows[0]?.folded, word).toBe(foldTurkish(word));
    }
  });
});
