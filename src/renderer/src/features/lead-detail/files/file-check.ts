import { UPLOAD_MIME_TYPES, hasImageExtension, uploadFilePart } from '../../../../../shared/contract/files';
import { checkFileLimits } from '../../../../../shared/contract/multipart';
import { messages } from '../../../../../shared/i18n/messages';

/** What the picker's File objects are reduced to for the check (plain objects in tests). */
export type PickedFile = { name: string; type: string; size: number };

/** The input's accept list (see docs/requirements.md#money-importer-and-lead-input: jpeg, png, jpg); the picker offers only these. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png';

const MB = 1024 * 1024;

/**
 * A quick look at the name and the browser's type guess, so an obviously wrong file is refused before
 * upload. Only a first line: a renamed .exe passes here and is refused by the server, which reads the bytes.
 */
export function isAcceptedImage(file: PickedFile): boolean {
  const type = file.type.trim().toLowerCase();
  const typeOk = type === '' || (UPLOAD_MIME_TYPES as readonly string[]).includes(type);
  return typeOk && hasImageExtension(file.name);
}

/**
 * docs/requirements.md#money-importer-and-lead-input: a category first, then jpeg/png/jpg files only, several at once (within the server's count
 * and size limits). Null when the upload may go.
 */
export function checkUpload(category: string, files: readonly PickedFile[]): string | null {
  if (category === '') return messages.fileCategoryRequired;
  return checkFileLimits(uploadFilePart, files, (file) =>
    isAcceptedImage(file) ? null : messages.fileTypeNotAllowed,
  );
}

/** "12,4 KB" / "1,2 MB" for the file list, with the Turkish decimal comma. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < MB ? [bytes / 1024, 'KB'] : [bytes / MB, 'MB'];
  return `${value.toLocaleString('tr-TR', { maximumFractionDigits: 1 })} ${unit}`;
}
