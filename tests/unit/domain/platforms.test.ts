import { describe, expect, it } from 'vitest';
import {
  parsePlatformAmount,
  parsePlatformType,
  platformActionLabel,
  platformVolumeText,
} from '../../../src/shared/domain/platforms';

describe('platform amounts (see docs/requirements.md#money-importer-and-lead-input: free text)', () => {
  it('reads Turkish and English writing as exact decimal text', () => {
    expect(parsePlatformAmount('0,1')).toBe('0.1');
    expect(parsePlatformAmount('0.2')).toBe('0.2');
    expect(parsePlatformAmount('1000')).toBe('1000');
    expect(parsePlatformAmount(' 1.000,50 ')).toBe('1000.50');
    expect(parsePlatformAmount('1,000.50')).toBe('1000.50');
    expect(parsePlatformAmount('1 000,5')).toBe('1000.5');
    expect(parsePlatformAmount('+25')).toBe('25');
    expect(parsePlatformAmount('007')).toBe('7');
    // A separator followed by three digits groups thousands: never one.
    expect(parsePlatformAmount('1.000')).toBe('1000');
    expect(parsePlatformAmount('12.345.678,90')).toBe('12345678.90');
  });

  it('refuses what is no amount above zero with at most two decimals', () => {
    for (const text of [
      '',
      ' ',
      'abc',
      '-5',
      '0',
      '0,00',
      '1.2345',
      '1.000.5',
      '1,000,5',
      '1.000.000,000',
      '1e5',
      '1.00.000',
      '9'.repeat(16),
    ]) {
      expect(parsePlatformAmount(text), text).toBeNull();
    }
  });
});

describe('platform labels (see docs/requirements.md#constants-and-limits)', () => {
  it('names order actions in Turkish and shows volumes divided by 1000', () => {
    expect([0, 1, 2, 3].map(platformActionLabel)).toEqual(['Alış', 'Satış', 'Alış Limit', 'Satış Limit']);
    expect(platformActionLabel(9)).toBe('9');
    expect(platformVolumeText(1000)).toBe('1');
    expect(platformVolumeText(10)).toBe('0,01');
    expect(platformVolumeText(2500)).toBe('2,5');
    expect(platformVolumeText(0)).toBe('0');
  });

  it('accepts Real and Demo in any case', () => {
    expect(parsePlatformType('REAL')).toBe('Real');
    expect(parsePlatformType(' demo ')).toBe('Demo');
    expect(parsePlatformType('Gold')).toBeNull();
  });
});
