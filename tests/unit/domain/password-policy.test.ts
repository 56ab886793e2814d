import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '../../../src/shared/domain/password-policy';
import { format, messages } from '../../../src/shared/i18n/messages';

const policy = format(messages.passwordPolicy, { min: PASSWORD_MIN_LENGTH });

describe('passwordProblem', () => {
  it('accepts ten characters with a letter and a digit', () => {
    expect(passwordProblem('abcdefghi1', 'a@b.com')).toBeNull();
    expect(passwordProblem('Güçlü.Şifre.2026', 'a@b.com')).toBeNull();
  });

  it('refuses short passwords and those without a letter or a digit', () => {
    expect(passwordProblem('abcdefgh1', 'a@b.com')).toBe(policy);
    expect(passwordProblem('abcdefghij', 'a@b.com')).toBe(policy);
    expect(passwordProblem('1234567890', 'a@b.com')).toBe(policy);
  });

  it('counts Turkish letters as one character each', () => {
    expect(passwordProblem('çğıöşüçğı1', 'a@b.com')).toBeNull();
    expect(passwordProblem('çğıöşüçğ1', 'a@b.com')).toBe(policy);
  });

  it('refuses the e-mail address, whatever its case', () => {
    expect(passwordProblem('Ayse.1990@firma.com', 'ayse.1990@firma.com')).toBe(messages.passwordSameAsEmail);
  });
});
