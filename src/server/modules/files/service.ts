import { stat } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { contract } from '../../../shared/contract';
import {
  FILE_CATEGORY_OPTION_LIST,
  fileDownloadPath,
  type LeadFile,
  type UploadAnswer,
} from '../../../shared/contract/files';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { recordNotFound } from '../../engine/record-store';
import type { EngineUser } from '../../engine/types';
import type { LeadFileStorage } from './lead-file-storage';
import type { ReceivedFile, ReceivedUpload } from '../../kernel/received-upload';
import type { LeadScope } from '../../engine/lead-scope';

/** The lead detail tab files belong to (option list 130). */
export const FILES_MODULE = 'dosyalar';

/** The fields of an upload as the contract parses them: the category, a number to check in list 108. */
export type UploadFields = z.output<(typeof contract)['uploadLeadFiles']['body']>;

export interface StoredLeadFile {
  path: string;
  size: number;
  mime: string;
  fileName: string;
}

export interface FilesService {
  list(user: EngineUser, leadId: number): Promise<LeadFile[]>;
  /** Stores every file of the request or none; the category may come before or after the files. */
  upload(user: EngineUser, leadId: number, upload: ReceivedUpload<UploadFields>): Promise<UploadAnswer>;
  /** The file for a download, if the user may see its lead; 404 otherwise. */
  open(user: EngineUser, id: number): Promise<StoredLeadFile>;
}

interface WrittenFile {
  fileName: string;
  storedName: string;
  mime: string;
  size: number;
}

export function createFilesService(
  db: Kysely<Database>,
  scope: LeadScope,
  storage: LeadFileStorage,
): FilesService {
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

  /** A value of option list 108 (the contract has checked its form); 400 in Turkish when not in the list. */
  async function checkCategory(value: number): Promise<number> {
    const found = await db
      .selectFrom('option_values')
      .select('value')
      .where('list_id', '=', FILE_CATEGORY_OPTION_LIST)
      .where('value', '=', String(value))
      .executeTakeFirst();
    if (!found) throw DomainError.invalid(messages.fileInvalidCategory);
    return value;
  }

  /** Streams one checked file to disk under a name of ours; its size as it arrives. */
  async function writeFile(leadId: number, file: ReceivedFile): Promise<WrittenFile> {
    const storedName = storage.newName(file.extension);
    let size = 0;
    await storage.write(leadId, storedName, file.head, file.rest, (bytes) => {
      size += bytes;
    });
    return { fileName: file.fileName, storedName, mime: file.mime, size };
  }

  async function discard(leadId: number, files: readonly WrittenFile[]): Promise<void> {
    await Promise.all(files.map((file) => storage.remove(leadId, file.storedName)));
  }

  return {
    async list(user, leadId) {
      await scope.requireLead(user, leadId, { module: FILES_MODULE });
      return rowsOf(leadId);
    },

    async upload(user, leadId, upload) {
      await scope.requireLead(user, leadId, { module: FILES_MODULE });
      const written: WrittenFile[] = [];
      try {
        for await (const file of upload.files) written.push(await writeFile(leadId, file));
        const categoryId = await checkCategory(upload.fields().fileCat);
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
