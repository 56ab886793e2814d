import { messages } from '../i18n/messages';
import { callFailure, describeFailure, type CallFailure, type CallOutcome } from './call-outcome';
import type { CallSpec } from './define';

/** A call whose answer is a file's bytes. */
export type BinaryCallSpec = Extract<CallSpec, { answer: 'binary' }>;

/** A binary answer checked (status, type, declared size) but not read: to stream it somewhere. */
export interface OpenedFile {
  /** The declared type, parameters and case aside ('application/octet-stream' when none is declared). */
  mime: string;
  body: ReadableStream<Uint8Array>;
}

/** What a binary answer read into memory is: see `binaryResult`. */
export interface ReadFile {
  mime: string;
  data: Uint8Array<ArrayBuffer>;
}

/** `image/png; charset=binary` -> `image/png`, or null when the call does not allow the type. */
function answerType(allowed: readonly string[] | null, contentType: string | null): string | null {
  const mime = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (allowed === null) return mime === '' ? 'application/octet-stream' : mime;
  return allowed.find((type) => type === mime) ?? null;
}

/** Reads the body chunk by chunk and stops (cancelling the rest) as soon as it passes `max` bytes. */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const data = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return data;
}

/**
 * Checks a binary answer before a byte of its body is read: a failure in the call's words, a type the
 * call does not allow (a blob of any other type could be, say, HTML), a declared size over its limit.
 */
export async function openBinaryAnswer(
  spec: BinaryCallSpec,
  response: Response,
): Promise<CallOutcome<OpenedFile>> {
  const texts = spec.failureTexts;
  if (!response.ok) return describeFailure(response, texts);
  const refuse = (message: string): CallFailure => {
    void response.body?.cancel().catch(() => undefined);
    return callFailure('protocol', response.status, message);
  };
  const mime = answerType(spec.binary.types, response.headers.get('content-type'));
  if (mime === null) return refuse(texts.wrongType ?? texts.failed);
  // No header reads as 0: the size is then checked while reading.
  const declared = Number(response.headers.get('content-length'));
  const { maxBytes } = spec.binary;
  if (maxBytes !== undefined && declared > maxBytes) return refuse(texts.tooLarge ?? texts.failed);
  if (!response.body) return refuse(texts.failed);
  return { ok: true, data: { mime, body: response.body } };
}

/** Reads a checked binary answer into memory, within the call's `maxBytes`. */
export async function readBinaryAnswer(
  spec: BinaryCallSpec,
  response: Response,
  maxBytes: number,
): Promise<CallOutcome<ReadFile>> {
  const opened = await openBinaryAnswer(spec, response);
  if (!opened.ok) return opened;
  const texts = spec.failureTexts;
  let data: Uint8Array<ArrayBuffer> | null;
  try {
    data = await readAtMost(opened.data.body, maxBytes);
  } catch {
    // The line broke or the time ran out half-way through the body.
    return callFailure('network', response.status, messages.crmAccessProblem);
  }
  if (data === null) return callFailure('protocol', response.status, texts.tooLarge ?? texts.failed);
  // A stored file is never empty; an empty answer is not the file.
  if (data.byteLength === 0) return callFailure('protocol', response.status, texts.failed);
  return { ok: true, data: { mime: opened.data.mime, data } };
}
