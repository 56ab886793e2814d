/** Leading bytes of the file types uploads may have (JPEG SOI + marker, the PNG signature). */
const SIGNATURES: readonly { mime: string; extension: string; bytes: readonly number[] }[] = [
  { mime: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** Bytes needed to decide: the longest signature. */
export const SIGNATURE_LENGTH = Math.max(...SIGNATURES.map((s) => s.bytes.length));

export interface FileType {
  mime: string;
  /** The extension files are stored with, whatever the uploaded name said. */
  extension: string;
}

/** Whether the content of `mime` can be recognised here (a call may only allow types that can). */
export function hasSignature(mime: string): boolean {
  return SIGNATURES.some((signature) => signature.mime === mime);
}

/**
 * The type the bytes are, among `allowed`, or null. The name and the Content-Type a client sends are its
 * own claims (a renamed .exe says image/jpeg just as easily); only the content decides.
 */
export function detectFileType(head: Uint8Array, allowed: readonly string[]): FileType | null {
  const found = SIGNATURES.find(
    (signature) =>
      allowed.includes(signature.mime) &&
      head.length >= signature.bytes.length &&
      signature.bytes.every((byte, index) => head[index] === byte),
  );
  return found ? { mime: found.mime, extension: found.extension } : null;
}
