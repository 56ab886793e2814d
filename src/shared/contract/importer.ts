import { z } from 'zod';
import { IMPORT_DATE_FORMATS } from '../domain/import-cells';
import {
  IMPORT_CHANNEL_PATTERN,
  IMPORT_CHUNK_ROWS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_CHUNKS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
} from '../domain/import-limits';
import { IMPORT_SKIP } from '../domain/import-mapping';
import { messages } from '../i18n/messages';
import { defineCall, fieldName, noBody, noParams, tableName, SIGNED_IN } from './define';
import { excelFileSchema } from './export';
import { recordId } from './record-id';

/**
 * The importer (see docs/requirements.md#lead-workspace-and-work-screens /excel/{table}, #money-importer-and-lead-input, #calls): templates of column choices, the double check of the
 * file's phones, the upload in chunks, and the import reports. The file itself never reaches the server:
 * it is parsed where it was picked, and its mapped rows are sent as JSON in chunks.
 */

/** Phones one double-check request may carry; a bigger file asks in several requests. */
export const DOUBLE_CHECK_MAX_PHONES = 40_000;
/** Duplicated rows one export may hold. */
export const DOUBLE_EXPORT_MAX_IDS = 100_000;

export const excelId = z.string().trim().regex(IMPORT_CHANNEL_PATTERN, 'Geçersiz yükleme kimliği');

/** A template's data: the column choices of a file (see docs/requirements.md#lead-money-task-and-report-data Import template). */
export const importTemplateDataSchema = z.object({
  headers: z.array(z.string().max(200)).max(IMPORT_MAX_COLUMNS),
  /** Per column: a field name, '-' (skip), or null (not chosen). */
  choices: z.array(z.union([fieldName, z.literal(IMPORT_SKIP), z.null()])).max(IMPORT_MAX_COLUMNS),
  /** Date format per field. */
  dateFormats: z.record(fieldName, z.enum(IMPORT_DATE_FORMATS)).default({}),
});
export type ImportTemplateData = z.infer<typeof importTemplateDataSchema>;

export const importTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  table: z.string(),
  data: importTemplateDataSchema,
  status: z.number(),
  created_at: z.string(),
});
export type ImportTemplate = z.infer<typeof importTemplateSchema>;

/** A field a column may be mapped to: one the user may write (write_fields). */
export const importFieldSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  /** The table cannot take a row without it (see docs/requirements.md#money-importer-and-lead-input required columns). */
  required: z.boolean(),
  /** A date column: its cells are read in a chosen format and sent as YYYY-MM-DD. */
  date: z.boolean(),
  /** A phone column: cells normalised to 10 digits and checked for duplicates. */
  phone: z.boolean(),
});
export type ImportField = z.infer<typeof importFieldSchema>;

/**
 * POST /import/templates: the saved templates of a table (status 1), newest first (see docs/requirements.md#calls), with
 * what the screen needs before a file is read: the fields a column may be mapped to, and the file size
 * limit (the server's IMPORT_MAX_BYTES, so one setting holds for both editions).
 */
export const importTemplates = defineCall({
  method: 'POST',
  path: '/import/templates',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ table: tableName }),
  result: z.object({
    success: z.boolean(),
    results: z.array(importTemplateSchema),
    fields: z.array(importFieldSchema),
    maxBytes: z.number().int().positive(),
  }),
});

/** POST /import/templates/save: saves the mapping under a name (the same name of the table replaces it). */
export const importTemplateSave = defineCall({
  method: 'POST',
  path: '/import/templates/save',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    table: tableName,
    name: z.string().trim().min(1, messages.importTemplateNameRequired).max(100),
    data: importTemplateDataSchema,
  }),
  result: z.object({ success: z.boolean(), msg: z.string(), results: z.array(importTemplateSchema) }),
});

/**
 * POST /doubleCheck/: how many of the file's phones a lead of the user's rows already has. `matches`
 * are the matching phones (normalised), so the screen can leave those rows out.
 */
export const doubleCheck = defineCall({
  method: 'POST',
  path: '/doubleCheck/',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({
    table: tableName,
    phones: z.array(z.string().max(64)).max(DOUBLE_CHECK_MAX_PHONES),
  }),
  result: z.object({
    success: z.boolean(),
    result: z.object({ match_count: z.number().int(), matches: z.array(z.string()) }),
    total: z.number().int(),
  }),
});

const importCell = z.string().max(IMPORT_MAX_CELL_CHARS);

/**
 * POST /bulk/insert/: one chunk of an import. `inputs.columns` are field names, `inputs.data` the rows
 * (dates already YYYY-MM-DD). Chunks are numbered from 0; a chunk the server already has is not inserted
 * again (its earlier answer is repeated), so a retried or resumed upload never doubles rows.
 */
export const bulkInsertBody = z.object({
  table: tableName,
  excelId,
  fileName: z.string().trim().min(1).max(255),
  chunk: z
    .number()
    .int()
    .min(0)
    .max(IMPORT_MAX_CHUNKS - 1),
  chunks: z.number().int().min(1).max(IMPORT_MAX_CHUNKS),
  /** Where the chunk's first row is in the file (the header is row 1), for error messages. */
  firstRow: z
    .number()
    .int()
    .min(2)
    .max(IMPORT_MAX_ROWS + 1)
    .default(2),
  /** Rows of the whole file (the report's total). */
  total: z.number().int().min(0).max(IMPORT_MAX_ROWS),
  /** 1: rows whose phone a lead already has are left out; 0: they are imported and reported. */
  skipDuplicates: z.union([z.literal(0), z.literal(1)]).default(0),
  inputs: z.object({
    columns: z.array(fieldName).min(1).max(IMPORT_MAX_COLUMNS),
    data: z.array(z.array(importCell).max(IMPORT_MAX_COLUMNS)).min(1).max(IMPORT_CHUNK_ROWS),
  }),
});
export type BulkInsertBody = z.input<typeof bulkInsertBody>;

/** One upload may take long on a slow line; a chunk of 2,000 rows still answers in a second or two. */
const BULK_INSERT_TIMEOUT_MS = 2 * 60 * 1000;

export const bulkInsert = defineCall({
  method: 'POST',
  path: '/bulk/insert/',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  timeoutMs: BULK_INSERT_TIMEOUT_MS,
  failureTexts: { failed: messages.operationFailed },
  params: noParams,
  body: bulkInsertBody,
  result: z.object({
    success: z.boolean(),
    /** Rows of this chunk now in the table. */
    successCount: z.number().int(),
    /** Rows of this chunk left out as duplicates. */
    skipped: z.number().int(),
    /** Rows of the whole import done so far, and the file's rows. */
    done: z.number().int(),
    total: z.number().int(),
    /** true when the chunk had arrived before: nothing was inserted now. */
    repeated: z.boolean(),
  }),
});

export const importReportSchema = z.object({
  id: z.number(),
  excel_id: z.string(),
  table: z.string(),
  file_name: z.string(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  /** Rows of the file whose phone a lead already had. */
  double: z.number(),
  /** The leads those rows matched. */
  double_ids: z.array(z.number()),
  total: z.number(),
  inserted: z.number(),
  chunks: z.number(),
  chunks_done: z.number(),
  finished: z.boolean(),
  created_at: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** GET /import-reports: the import report (see docs/requirements.md#lead-workspace-and-work-screens /report/import), newest first. */
export const importReports = defineCall({
  method: 'GET',
  path: '/import-reports',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ rows: z.array(importReportSchema) }),
});

/** POST /import/status: an import by excelId, to resume it (which chunks the server already has). */
export const importStatus = defineCall({
  method: 'POST',
  path: '/import/status',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ excelId }),
  result: z.object({
    found: z.boolean(),
    report: importReportSchema.nullable(),
    chunksDone: z.array(z.number().int()),
  }),
});

/**
 * POST /export/double/{table}: the duplicated rows of an import as an xlsx (see docs/requirements.md#calls). Either the
 * report's excelId or the ids themselves (double_ids); only leads of the user's rows are written.
 */
export const exportDouble = defineCall({
  method: 'POST',
  path: '/export/double/{table}',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  timeoutMs: 10 * 60 * 1000,
  params: z.object({ table: tableName }),
  body: z.union([
    z.object({ excelId }),
    z.object({ double_ids: z.array(recordId).min(1).max(DOUBLE_EXPORT_MAX_IDS) }),
  ]),
  result: z.object({
    success: z.boolean(),
    excelFiles: z.array(excelFileSchema),
    msg: z.string().optional(),
  }),
});
