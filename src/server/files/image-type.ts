import type { UploadMimeType } from '../../shared/contract/files';

/** Leading bytes of the accepted image formats (JPEG SOI + marker, the PNG signature). */
const SIGNATURES: readonly { mime: UploadMimeType; extension: string; bytes: readonly number[] }[] = [
  { mime: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** Bytes needed to decide: the longest signature. */
export const IMAGE_SIGNATURE_LENGTH = Math.max(...SIGNATURES.map((s) => s.bytes.length));

export interface ImageType {
  mime: UploadMimeType;
  /** The extension files are stored with, whatever the uploaded name said. */
  extension: string;
}

/**
 * The image type the bytes are, or null. The name and the Content-Type a client sends are its own
 * claims (a renamed .exe says image/jpeg just as easily); only the content decides.
 */
export function detectImageType(head: Uint8Array): ImageType | null {
  const found = SIGNATURES.find(
    (signature) =>
      head.length >= signature.bytes.length && signature.bytes.every((byte, index) => head[index] === byte),
  );
  return found ? { mime: found.mime, extension: found.extension } : null;
}

/**
 * The name to keep and show: no folders, no control characters, at most 255 characters. The stored file
 * never uses it (that name is random), so it only has to be readable.
 */
export function cleanFileName(raw: string, fallback: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean === '' ? fallback : clean.slice(0, 255);
}
