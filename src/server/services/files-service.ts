import { stat } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import {
  FILE_CATEGORY_OPTION_LIST,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_BYTES,
  fileDownloadPath,
  hasImageExtension,
  type LeadFile,
  type UploadAnswer,
} from '../../shared/contract/files';
import { format, messages } from '../../shared/i18n/messages';
import type { Database } from '../db/schema';
import { HttpError } from '../http-error';
import { recordNotFound } from '../engine/record-store';
import type { TableRegistry } from '../engine/registry';
import type { EngineUser } from '../engine/types';
import { cleanFileName, detectImageType, IMAGE_SIGNATURE_LENGTH } from '../files/image-type';
import type { LeadFileStorage } from '../files/lead-file-storage';
import { createLeadScope } from './lead-scope';

/** The lead detail tab files belong to (option list 130). */
export const FILES_MODULE = 'dosyalar';

const MB = 1024 * 1024;
/** `images`, `images[]` and `images[0]`: how forms and FormData name a list of files. */
const FILES_FIELD = /^images(\[\d*\])?$/;

/** One part of a multipart upload, already taken apart by the route. */
export type UploadPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; name: string; fileName: string; stream: AsyncIterable<Uint8Array> };

export interface StoredLeadFile {
  path: string;
  size: number;
  mime: string;
  fileName: string;
}

export interface FilesService {
  list(user: EngineUser, leadId: number): Promise<LeadFile[]>;
  /** Stores every file of the request or none; the category may come before or after the files. */
  upload(user: EngineUser, leadId: number, parts: AsyncIterable<UploadPart>): Promise<UploadAnswer>;
  /** The file for a download, if the user may see its lead; 404 otherwise. */
  open(user: EngineUser, id: number): Promise<StoredLeadFile>;
}

interface WrittenFile {
  fileName: string;
  storedName: string;
  mime: string;
  size: number;
}

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

export function createFilesService(
  db: Kysely<Database>,
  registry: TableRegistry,
  storage: LeadFileStorage,
): FilesService {
  const scope = createLeadScope(db, registry);

  async function rowsOf(leadId: number, ids?: readonly number[]): Promise<LeadFile[]> {
    let query = db
      .selectFrom('lead_files')
      .leftJoin('users', 'users.id', 'lead_files.agent_id')
      .leftJoin('option_values', (join) =>
        join
          .on('option_values.list_id', '=', FILE_CATEGORY_OPTION_LIST)
          .on('option_values.value', '=', sql<string>`lead_files.file_category_id::text`),
      )
      .select([
        'lead_files.id',
        'lead_files.lead_id',
        'lead_files.file_name',
        'lead_files.mime',
        'lead_files.size',
        'lead_files.agent_id',
        'users.name as agent_name',
        'lead_files.file_category_id',
        'option_values.label as file_category',
        'lead_files.created_at',
      ])
      .where('lead_files.lead_id', '=', leadId);
    if (ids) query = query.where('lead_files.id', 'in', ids);
    const rows = await query.orderBy('lead_files.id', 'desc').execute();
    return rows.map((row) => ({ ...row, url: fileDownloadPath(row.id) }));
  }

  /** A value of option list 108, as its id; 400 in Turkish when missing or not in the list. */
  async function checkCategory(raw: string | undefined): Promise<number> {
    const text = raw?.trim() ?? '';
    if (text === '' || text === '0') throw HttpError.badRequest(messages.fileCategoryRequired);
    const found = /^[1-9]\d{0,8}$/.test(text)
      ? await db
          .selectFrom('option_values')
          .select('value')
          .where('list_id', '=', FILE_CATEGORY_OPTION_LIST)
          .where('value', '=', text)
          .executeTakeFirst()
      : undefined;
    if (!found) throw HttpError.badRequest(messages.fileInvalidCategory);
    return Number(text);
  }

  /** Streams one file to disk after checking its name and its first bytes; the size as it arrives. */
  async function writeFile(leadId: number, fileName: string, stream: AsyncIterable<Uint8Array>) {
    const name = cleanFileName(fileName, 'resim');
    if (!hasImageExtension(name)) throw HttpError.badRequest(format(messages.fileNameNotAllowed, { name }));
    const iterator = stream[Symbol.asyncIterator]();
    const { head, done } = await readHead(iterator, IMAGE_SIGNATURE_LENGTH);
    if (head.byteLength === 0) throw HttpError.badRequest(format(messages.fileEmpty, { name }));
    const type = detectImageType(head);
    if (!type) throw HttpError.badRequest(format(messages.fileContentNotAllowed, { name }));
    const storedName = storage.newName(type.extension);
    let size = 0;
    const rest: AsyncIterator<Uint8Array> = done
      ? { next: () => Promise.resolve({ done: true, value: undefined }) }
      : iterator;
    await storage.write(leadId, storedName, head, rest, (bytes) => {
      size += bytes;
      if (size > UPLOAD_MAX_FILE_BYTES) {
        throw new HttpError(413, format(messages.fileTooLarge, { name, mb: UPLOAD_MAX_FILE_BYTES / MB }));
      }
    });
    return { fileName: name, storedName, mime: type.mime, size };
  }

  async function discard(leadId: number, files: readonly WrittenFile[]): Promise<void> {
    await Promise.all(files.map((file) => storage.remove(leadId, file.storedName)));
  }

  return {
    async list(user, leadId) {
      await scope.requireLead(user, leadId, { module: FILES_MODULE });
      return rowsOf(leadId);
    },

    async upload(user, leadId, parts) {
      await scope.requireLead(user, leadId, { module: FILES_MODULE });
      const written: WrittenFile[] = [];
      try {
        let category: string | undefined;
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.name === 'fileCat' && category === undefined) category = part.value;
            continue;
          }
          if (!FILES_FIELD.test(part.name)) {
            throw HttpError.badRequest(format(messages.invalidField, { field: part.name.slice(0, 40) }));
          }
          if (written.length >= UPLOAD_MAX_FILES) {
            throw HttpError.badRequest(format(messages.fileTooMany, { max: UPLOAD_MAX_FILES }));
          }
          written.push(await writeFile(leadId, part.fileName, part.stream));
        }
        if (written.length === 0) {
          // Without files the category is still the first thing to tell about, as the screen asks it first.
          if ((category ?? '').trim() === '') throw HttpError.badRequest(messages.fileCategoryRequired);
          throw HttpError.badRequest(messages.fileNoneSelected);
        }
        const categoryId = await checkCategory(category);
        const ids = await db.transaction().execute(async (trx) => {
          const rows = await trx
            .insertInto('lead_files')
            .values(
              written.map((file) => ({
                lead_id: leadId,
                file_name: file.fileName,
                stored_name: file.storedName,
                mime: file.mime,
                size: file.size,
                agent_id: user.id,
                file_category_id: categoryId,
              })),
            )
            .returning('id')
            .execute();
          return rows.map((row) => row.id);
        });
        return {
          success: true,
          msg: format(messages.filesUploaded, { count: ids.length }),
          results: await rowsOf(leadId, ids),
        };
      } catch (error) {
        // All or nothing: whatever was written before the failure goes again.
        await discard(leadId, written);
        throw error;
      }
    },

    async open(user, id) {
      const row = await db
        .selectFrom('lead_files')
        .select(['lead_id', 'stored_name', 'mime', 'file_name'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw recordNotFound();
      await scope.requireLead(user, row.lead_id, { module: FILES_MODULE });
      const path = storage.pathOf(row.lead_id, row.stored_name);
      try {
        const info = await stat(path);
        return { path, size: info.size, mime: row.mime, fileName: row.file_name };
      } catch {
        // The row outlived its bytes (a restored backup without the files folder): nothing to send.
        throw recordNotFound();
      }
    },
  };
}
