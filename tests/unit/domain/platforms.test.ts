import { describe, expect, it } from 'vitest';
import {
  parsePlatformType,
  platformActionLabel,
  platformVolumeText,
} from '../../../src/shared/domain/platforms';

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
