import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FilePartSpec } from '../../shared/contract';
import { cleanFileName, hasAllowedExtension } from '../../shared/contract/multipart';
import { format, messages } from '../../shared/i18n/messages';
import { parseForm } from './body-parsers';
import { alignForm } from './form-alignment';
import { detectFileType, SIGNATURE_LENGTH } from '../modules/files/file-signatures';
import { DomainError, isDomainError } from '../domain-errors';
import { parseInput } from './validation';
import type { ReceivedFile, ReceivedUpload } from '../kernel/received-upload';

/** One file of a multipart call: checked by name and by its first bytes, its size while it streams. */
export type { ReceivedFile, ReceivedUpload } from '../kernel/received-upload';

const MB = 1024 * 1024;

/** `images`, `images[]` and `images[0]`: how forms and FormData name a list of files. */
function isFileField(field: string, name: string): boolean {
  return name === field || (name.startsWith(`${field}[`) && /^\[\d*\]$/.test(name.slice(field.length)));
}

function tooLarge(part: FilePartSpec, name: string): DomainError {
  return DomainError.tooLarge(format(messages.fileTooLarge, { name, mb: part.maxBytes / MB }));
}

/** The multipart parser's own limit errors, worded like the rest of the answers; null for anything else. */
function limitError(part: FilePartSpec, error: unknown, name = ''): DomainError | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  switch ((error as { code: unknown }).code) {
    case 'FST_FILES_LIMIT':
      return DomainError.invalid(format(messages.fileTooMany, { max: part.maxFiles }));
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(part, name);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return DomainError.invalid(messages.invalidRequest);
    default:
      return null;
  }
}

const translated = (part: FilePartSpec, error: unknown, name?: string): unknown =>
  isDomainError(error) ? error : (limitError(part, error, name) ?? error);

/** Reads until `length` bytes are there (or the stream ends): the head to sniff and the rest to copy. */
async function readHead(
  iterator: AsyncIterator<Uint8Array>,
  length: number,
): Promise<{ head: Uint8Array; done: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < length) {
    const next = await iterator.next();
    if (next.done === true) return { head: Buffer.concat(chunks), done: true };
    chunks.push(next.value);
    size += next.value.byteLength;
  }
  return { head: Buffer.concat(chunks), done: false };
}

/** Checks one file's name and first bytes; its rest counts the size as it streams. */
async function receiveFile(
  part: FilePartSpec,
  sentName: string,
  stream: AsyncIterable<Uint8Array>,
): Promise<ReceivedFile> {
  const fileName = cleanFileName(sentName, part.fallbackName);
  if (!hasAllowedExtension(part, fileName)) {
    throw DomainError.invalid(format(part.nameNotAllowed, { name: fileName }));
  }
  const iterator = stream[Symbol.asyncIterator]();
  let first: { head: Uint8Array; done: boolean };
  try {
    first = await readHead(iterator, SIGNATURE_LENGTH);
  } catch (error) {
    throw translated(part, error, fileName);
  }
  const { head, done } = first;
  if (head.byteLength === 0) throw DomainError.invalid(format(messages.fileEmpty, { name: fileName }));
  const type = detectFileType(head, part.types);
  if (!type) throw DomainError.invalid(format(part.contentNotAllowed, { name: fileName }));
  // One chunk can be the whole file: a head over the limit is refused before anything is written.
  if (head.byteLength > part.maxBytes) throw tooLarge(part, fileName);
  let size = head.byteLength;
  const rest: AsyncIterator<Uint8Array> = {
    next: async () => {
      if (done) return { done: true, value: undefined };
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        throw translated(part, error, fileName);
      }
      if (next.done !== true) {
        size += next.value.byteLength;
        if (size > part.maxBytes) throw tooLarge(part, fileName);
      }
      return next;
    },
  };
  return { fileName, mime: type.mime, extension: type.extension, head, rest };
}

/**
 * A multipart call's input from request.parts(), within the part's limits: the field names its files may
 * have, their count, name endings, types by content and sizes (413). The parser's own limits are set one
 * above the part's, so these checks see, and word, what is too much.
 */
export function receiveUpload<S extends z.ZodType>(
  request: FastifyRequest,
  part: FilePartSpec,
  body: S,
): ReceivedUpload<z.output<S>> {
  const fields: [string, string][] = [];
  let count = 0;

  async function* files(): AsyncGenerator<ReceivedFile> {
    let parts: AsyncIterableIterator<Multipart>;
    try {
      parts = request.parts({
        limits: {
          fileSize: part.maxBytes + 1,
          files: part.maxFiles + 1,
          fields: 10,
          fieldSize: 1024,
          parts: part.maxFiles + 11,
          headerPairs: 100,
        },
      });
      for await (const received of parts) {
        if (received.type === 'field') {
          // The first value of a name counts, as a form's would.
          if (!fields.some(([name]) => name === received.fieldname)) {
            fields.push([received.fieldname, typeof received.value === 'string' ? received.value : '']);
          }
          continue;
        }
        if (!isFileField(part.field, received.fieldname)) {
          throw DomainError.invalid(
            format(messages.invalidField, { field: received.fieldname.slice(0, 40) }),
          );
        }
        if (count >= part.maxFiles) {
          throw DomainError.invalid(format(messages.fileTooMany, { max: part.maxFiles }));
        }
        count += 1;
        yield await receiveFile(part, received.filename, received.file);
      }
    } catch (error) {
      throw translated(part, error);
    }
  }

  return {
    files: files(),
    fields() {
      const form = parseForm(new URLSearchParams(fields).toString());
      const parsed = parseInput(body, alignForm(body, form));
      // Without files the fields are still the first thing to tell about, as the screen asks them first.
      if (count === 0) throw DomainError.invalid(messages.fileNoneSelected);
      return parsed;
    },
  };
}
