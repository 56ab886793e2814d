import { describe, expect, it } from 'vitest';
import { hasBidiControls, stripBidiControls } from '../../../src/shared/domain/bidi';

describe('stripBidiControls', () => {
  it('removes every bidi control and mark, and nothing else', () => {
    const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(stripBidiControls(`fatura${controls}exe.pdf`)).toBe('faturaexe.pdf');
    expect(hasBidiControls(`a\u202eb`)).toBe(true);
    expect(hasBidiControls('Şükrü Çağlar العربية עברית')).toBe(false);
    expect(stripBidiControls('Şükrü Çağlar العربية עברית\u200d')).toBe('Şükrü Çağlar العربية עברית\u200d');
  });
});
