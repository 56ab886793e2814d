import { passwordProblem } from '../../../../shared/domain';
import { messages } from '../../../../shared/i18n/messages';
import { shellTexts } from '../../i18n/shell-texts';

export type PasswordForm = { current: string; next: string; repeat: string };

export const EMPTY_PASSWORD_FORM: PasswordForm = { current: '', next: '', repeat: '' };

/**
 * What stops the Şifre form before it is sent, or null. The server checks the same and more (the
 * current password itself); checking here only saves a round trip for the obvious cases.
 */
export function passwordFormProblem(form: PasswordForm, email: string): string | null {
  if (form.current === '') return messages.currentPasswordRequired;
  if (form.next === '' || form.repeat === '') return shellTexts.passwordFieldsRequired;
  if (form.next !== form.repeat) return messages.passwordRepeatMismatch;
  if (form.next === form.current) return messages.passwordSameAsOld;
  return passwordProblem(form.next, email);
}

/** Average lead-to-customer conversion in days, "—" when nobody has converted yet. */
export function conversionDaysText(average: number | null, emptyText: string): string {
  if (average === null || !Number.isFinite(average)) return emptyText;
  const rounded = Math.round(average * 10) / 10;
  return rounded.toLocaleString('tr-TR', { maximumFractionDigits: 1 });
}
