/**
 * Duplicates caught where they are made (see docs/user-guide.md#duplicates): adding or editing a lead whose
 * phone, e-mail or T.C. another lead has is answered with the matches, and saved only when the user
 * confirms (confirm_duplicates=1). Phones compare as their 10 digits (normalizePhone), e-mails without
 * case, T.C. numbers as their digits.
 */
export const DUPLICATE_REASONS = ['phone', 'email', 'tc'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** The lead fields each reason compares. */
export const DUPLICATE_FIELDS: Readonly<Record<DuplicateReason, readonly string[]>> = {
  phone: ['phone', 'phone_2', 'mobile'],
  email: ['email'],
  tc: ['tc'],
};

/** Matches named to the user: at most this many (the rest are counted). */
export const DUPLICATE_MATCHES_MAX = 10;

/** The e-mail as compared: trimmed, lower case (Turkish İ/I folded as ASCII addresses are). */
export function duplicateEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The T.C. number as compared: its digits. */
export function duplicateTc(raw: string): string {
  return raw.replace(/\D/g, '');
}
