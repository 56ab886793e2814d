import { safeExportFileName } from './export';

/** Largest document (an offer's PDF) the renderer may hand to the bridge to save: 20 MB. */
export const SAVE_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** A PDF's name made safe like an export's (one name, no reserved characters), Turkish letters kept. */
export function safePdfFileName(suggested: string, fallback = 'teklif'): string {
  const stem = suggested.trim().replace(/\.pdf$/i, '');
  return safeExportFileName(stem, fallback).replace(/\.xlsx$/, '.pdf');
}

/** Whether bytes start as a PDF does ('%PDF-'): the main process writes nothing else. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return magic.every((byte, index) => bytes[index] === byte);
}
