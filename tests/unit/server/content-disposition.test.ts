import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../../src/server/http/register-call';

describe('Content-Disposition of a binary answer', () => {
  it('gives a plain ASCII name as it is', () => {
    expect(contentDisposition('attachment', 'leads-20250301-1430.xlsx')).toBe(
      'attachment; filename="leads-20250301-1430.xlsx"',
    );
  });

  it('adds the UTF-8 name where the ASCII fallback had to change it', () => {
    expect(contentDisposition('inline', 'kimlik ön yüz.jpg')).toBe(
      `inline; filename="kimlik _n y_z.jpg"; filename*=UTF-8''${encodeURIComponent('kimlik ön yüz.jpg')}`,
    );
    // A quote or a backslash cannot end the quoted name early.
    expect(contentDisposition('inline', 'a"b\\c.png')).toBe(
      `inline; filename="a_b_c.png"; filename*=UTF-8''${encodeURIComponent('a"b\\c.png')}`,
    );
  });
});
