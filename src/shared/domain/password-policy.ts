import { format, messages } from '../i18n/messages';

/** docs/requirements.md#filters-and-list-input leaves the password rules open ("not shown"); this is ours, checked on the server. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The Turkish reason a new password is refused, or null when it is acceptable: at least 10 characters
 * with a letter (Turkish letters count) and a digit, and not the account's e-mail address. Length is
 * counted in code points so 'ğ' is one character, as the person typing it sees it.
 */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (
    length < PASSWORD_MIN_LENGTH ||
    length > PASSWORD_MAX_LENGTH ||
    !/\p{L}/u.test(password) ||
    !/\d/.test(password)
  ) {
    return format(messages.passwordPolicy, { min: PASSWORD_MIN_LENGTH });
  }
  if (password.trim().toLocaleLowerCase('tr') === email.trim().toLocaleLowerCase('tr')) {
    return messages.passwordSameAsEmail;
  }
  return null;
}
