import { desktopTexts } from '../../shared/i18n/desktop-texts';

/**
 * electron-updater's refusals of a file that is not what was published: the sha512 of latest.yml does not
 * match (builder-util-runtime ERR_CHECKSUM_MISMATCH), the Windows installer is not signed by the publisher
 * (ERR_UPDATER_INVALID_SIGNATURE), or Squirrel.Mac's code signature check failed.
 */
const INTEGRITY_CODES = new Set(['ERR_CHECKSUM_MISMATCH', 'ERR_UPDATER_INVALID_SIGNATURE']);
const INTEGRITY_TEXT = [
  /checksum mismatch/i,
  /not signed by the application owner/i,
  /code signature/i,
  /signature.*(invalid|verif)/i,
];

export type UpdateFailure = 'integrity' | 'other';

export function classifyUpdateError(error: unknown): UpdateFailure {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && INTEGRITY_CODES.has(code)) return 'integrity';
  const message = error instanceof Error ? error.message : String(error);
  return INTEGRITY_TEXT.some((pattern) => pattern.test(message)) ? 'integrity' : 'other';
}

/** What the user reads; the technical text goes to the log. */
export function updateErrorMessage(error: unknown): string {
  return classifyUpdateError(error) === 'integrity'
    ? desktopTexts.updateSignatureRejected
    : desktopTexts.updateFailed;
}
