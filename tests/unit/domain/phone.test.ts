import { describe, it, expect } from 'vitest';
import {
  LEAD_PHONE_FIELDS,
  PHONE_DIGITS,
  isCallablePhone,
  storablePhone,
  normalizePhone,
  whatsappLink,
} from '../../../src/shared/domain/phone';

describe('normalizePhone', () => {
  it('keeps digits and drops a leading 90, then a leading 0', () => {
    expect(normalizePhone('+90 (532) 111 22 33')).toBe('5321112233');
    expect(normalizePhone('05321112233')).toBe('5321112233');
    expect(normalizePhone('905321112233')).toBe('5321112233');
    expect(normalizePhone('5321112233')).toBe('5321112233');
    expect(normalizePhone('0532 111 22 33')).toBe('5321112233');
  });

  it('drops 90 before 0, once each, as docs/requirements.md#money-importer-and-lead-input orders them', () => {
    expect(normalizePhone('+90 0532 111 22 33')).toBe('5321112233');
    // The spec has no rule for a 00 international prefix, so it stays uncallable.
    expect(normalizePhone('00905321112233')).toBe('0905321112233');
  });

  it('does not pad or cut', () => {
    expect(normalizePhone('')).toBe('');
    expect(normalizePhone('abc')).toBe('');
    expect(normalizePhone('532 111')).toBe('532111');
    expect(normalizePhone('532111223344')).toBe('532111223344');
  });
});

describe('isCallablePhone', () => {
  it('is true only for exactly 10 digits after normalising', () => {
    expect(PHONE_DIGITS).toBe(10);
    expect(isCallablePhone('+90 (532) 111 22 33')).toBe(true);
    expect(isCallablePhone('0212 444 55 66')).toBe(true);
    expect(isCallablePhone('532 111 22 3')).toBe(false);
    expect(isCallablePhone('532 111 22 334')).toBe(false);
    expect(isCallablePhone('')).toBe(false);
  });
});

describe('whatsappLink', () => {
  it('builds a wa.me link with the 90 prefix', () => {
    expect(whatsappLink('0532 111 22 33')).toBe('https://wa.me/905321112233');
  });

  it('adds URL-encoded text when given', () => {
    expect(whatsappLink('5321112233', 'Merhaba Çağrı & co?')).toBe(
      'https://wa.me/905321112233?text=Merhaba%20%C3%87a%C4%9Fr%C4%B1%20%26%20co%3F',
    );
    expect(whatsappLink('5321112233', '')).toBe('https://wa.me/905321112233');
  });

  it('is null when the number is not 10 digits', () => {
    expect(whatsappLink('12345')).toBeNull();
    expect(whatsappLink('')).toBeNull();
  });
});

describe('storablePhone', () => {
  it('keeps a number that normalises to 10 digits, as those digits', () => {
    expect(storablePhone('+90 (532) 111 22 33')).toBe('5321112233');
    expect(storablePhone('0212 555 00 01')).toBe('2125550001');
  });

  it('refuses what is no Turkish number: too short, too long, no digits', () => {
    expect(storablePhone('123')).toBeNull();
    expect(storablePhone('5'.repeat(400))).toBeNull();
    expect(storablePhone('telefon yok')).toBeNull();
    expect(LEAD_PHONE_FIELDS.has('mobile')).toBe(true);
  });
});
