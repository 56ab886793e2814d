import { describe, expect, it } from 'vitest';
import {
  maskHidden,
  positiveId,
  previewLine,
} from '../../../src/renderer/src/components/field-renderers/component-values';
import {
  ICON_NAMES,
  isIconName,
  searchIcons,
} from '../../../src/renderer/src/components/field-editors/icon-names';

describe('clickShow mask', () => {
  it('keeps the two first and last characters of a national id, the length, and nothing else', () => {
    expect(maskHidden('12345678950')).toBe('12•••••••50');
    expect(maskHidden('12345678950')).toHaveLength(11);
    expect(maskHidden('abcde')).toBe('•••••');
    expect(maskHidden('Işıklı')).toBe('Iş••lı');
  });
});

describe('modal preview', () => {
  it('shows the start of a long text on one line', () => {
    expect(previewLine('Sayın {name},\n\nBize gösterdiğiniz ilgi için', 20)).toBe('Sayın {name}, Bize…');
    expect(previewLine('  kısa  ')).toBe('kısa');
  });
});

describe('leadDetailModal id', () => {
  it('takes only positive whole ids', () => {
    expect(positiveId('42')).toBe(42);
    expect(positiveId(0)).toBeNull();
    expect(positiveId('1.5')).toBeNull();
    expect(positiveId(null)).toBeNull();
  });
});

describe('icon picker', () => {
  it('knows every Blueprint icon and finds them by part of the name', () => {
    expect(ICON_NAMES.length).toBeGreaterThan(300);
    expect(isIconName('people')).toBe(true);
    expect(isIconName('people; color: red')).toBe(false);
    const found = searchIcons('arrow up');
    expect(found[0]).toBe('arrow-up');
    expect(found.every((name) => name.includes('arrow-up'))).toBe(true);
    expect(searchIcons('envel')).toContain('envelope');
    expect(searchIcons('zzzz')).toEqual([]);
  });
});
