import { describe, expect, it } from 'vitest';
import {
  cleanKeyword,
  isPhoneLike,
  leadDetailPath,
  leadsListByName,
  searchKind,
} from '../../../src/renderer/src/shell/search/search-keyword';

describe('isPhoneLike (phone or name search)', () => {
  it('takes numbers written in any usual way', () => {
    for (const text of [
      '5321112233',
      '+90 (532) 111 22 33',
      '0532-111-22-33',
      ' 0 532 111 22 33 ',
      '532.111.22.33',
    ]) {
      expect(isPhoneLike(text)).toBe(true);
    }
  });

  it('treats anything with a letter as a name', () => {
    for (const text of ['Işık', 'isik', 'Ali 532', 'ABC-123', '532 ayşe'])
      expect(isPhoneLike(text)).toBe(false);
  });

  it('needs at least one digit', () => {
    for (const text of ['', '   ', '+', '()', '- -']) expect(isPhoneLike(text)).toBe(false);
  });

  it('names the call to use', () => {
    expect(searchKind('+90 532 111')).toBe('phone');
    expect(searchKind('Şükrü')).toBe('name');
  });
});

describe('cleanKeyword', () => {
  it('trims and collapses whitespace but keeps Turkish letters for the server to fold', () => {
    expect(cleanKeyword('  Işık   Yılmaz ')).toBe('Işık Yılmaz');
  });

  it('cuts to the contract limit', () => {
    expect(cleanKeyword('a'.repeat(150))).toHaveLength(100);
  });
});

describe('search routes', () => {
  it('submits to the leads list filtered by name', () => {
    expect(leadsListByName(' Işık ')).toBe('/list/leads?name=I%C5%9F%C4%B1k');
    expect(new URLSearchParams(leadsListByName('Ali Veli').split('?')[1]).get('name')).toBe('Ali Veli');
    expect(leadsListByName('   ')).toBe('/list/leads');
  });

  it('opens a lead by id', () => {
    expect(leadDetailPath(42)).toBe('/leadDetail/42');
  });
});
