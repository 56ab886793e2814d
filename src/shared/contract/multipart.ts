import { format, messages } from '../i18n/messages';
import type { FilePartSpec } from './define';
import { formPairs } from './form-encoding';

/**
 * One file of a multipart call as a client sends it: a Blob (a picked File in the renderer, a file on disk
 * opened as a Blob in the main process) or bytes in memory (what crosses the desktop IPC).
 */
export interface OutgoingFile {
  name: string;
  /** The client's type guess; the server decides by the bytes, not by this or the name. */
  type: string;
  data: Blob | ArrayBuffer | Uint8Array;
}

/** What the limits are checked on: a picked file, or an outgoing one reduced to its size. */
export interface SizedFile {
  name: string;
  size: number;
}

const MB = 1024 * 1024;

export function outgoingFileSize(file: OutgoingFile): number {
  return file.data instanceof Blob ? file.data.size : file.data.byteLength;
}

/**
 * The name to keep and show: no folders, no control characters, at most 255 characters (a client's path
 * such as C:\Users\ayse\b.png leaves only b.png).
 */
export function cleanFileName(raw: string, fallback: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean === '' ? fallback : clean.slice(0, 255);
}

/** Whether a name ends in one of the part's extensions (case aside). */
export function hasAllowedExtension(part: FilePartSpec, fileName: string): boolean {
  const dot = fileName.trim().lastIndexOf('.');
  if (dot < 0) return false;
  const extension = fileName
    .trim()
    .slice(dot + 1)
    .toLowerCase();
  return part.extensions.includes(extension);
}

/**
 * The part's count and size limits, checked before a byte is sent (a refused 100 MB request would cost
 * minutes for an answer known now). `checkFile` adds a check of each file's own, run before its size.
 * Null when the files may go.
 */
export function checkFileLimits<F extends SizedFile>(
  part: FilePartSpec,
  files: readonly F[],
  checkFile?: (file: F) => string | null,
): string | null {
  if (files.length === 0) return messages.fileNoneSelected;
  if (files.length > part.maxFiles) return format(messages.fileTooMany, { max: part.maxFiles });
  for (const file of files) {
    const refused = checkFile?.(file) ?? null;
    if (refused !== null) return refused;
    if (file.size === 0) return format(messages.fileEmpty, { name: file.name });
    if (file.size > part.maxBytes) {
      return format(messages.fileTooLarge, { name: file.name, mb: part.maxBytes / MB });
    }
  }
  return null;
}

function toBlob(file: OutgoingFile): Blob {
  if (file.data instanceof Blob) return file.data;
  // A view's own bytes only, never the rest of a shared buffer.
  return new Blob([file.data instanceof Uint8Array ? file.data.slice() : file.data], { type: file.type });
}

/**
 * The request body of a multipart call: the body's fields as the form encoding names them
 * (filters[0][name]), then every file under the part's field. fetch writes the boundary itself.
 */
export function multipartBody(
  part: FilePartSpec,
  body: Record<string, unknown>,
  files: readonly OutgoingFile[],
): FormData {
  const form = new FormData();
  for (const [name, value] of formPairs(body)) form.append(name, value);
  for (const file of files) {
    // A quote would end the header's quoted name early; the server keeps its own cleaned name anyway.
    const name = cleanFileName(file.name, part.fallbackName).replace(/"/g, '');
    form.append(part.field, toBlob(file), name === '' ? part.fallbackName : name);
  }
  return form;
}
