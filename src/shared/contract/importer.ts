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
import {
  duplicatePolicyOf,
  IMPORT_DUPLICATE_POLICIES,
  IMPORT_OWNER_MODES,
  type ImportDuplicatePolicy,
  type ImportOwner,
} from '../domain/import-owner';
import { messages } from '../i18n/messages';
import { blankToUndefined, jsonText, reshaped } from './blank';
import { defineCall, fieldName, flagField, noBody, noParams, tableName, SIGNED_IN } from './define';
import { excelFileSchema } from './export';
import { filterSchema } from './records';
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

/** The table an import goes into when a call names none: the importer is the leads' first of all. */
export const DEFAULT_IMPORT_TABLE = 'leads';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One column's choice as a client may spell it: a name, '-', empty, or an option item {value}. */
const choiceOf = (value: unknown): unknown => {
  const plain = isObject(value) ? value.value : value;
  return plain === '' || plain === undefined ? null : plain;
};

/**
 * A template's data as a form client sends its column selections (JSON text or bracket fields): ours
 * ({headers, choices, dateFormats}), a list of choices by column, a map column index -> choice, or a map
 * header -> choice. See docs/api-conformance.md#import-templates.
 */
export const templateData = (value: unknown): unknown => {
  const data = jsonText(value);
  if (Array.isArray(data)) return { headers: [], choices: data.map(choiceOf) };
  if (!isObject(data) || 'choices' in data || 'headers' in data) return data;
  const keys = Object.keys(data);
  if (keys.every((key) => /^\d{1,3}$/.test(key))) {
    const choices: unknown[] = [];
    for (const key of keys) choices[Number(key)] = choiceOf(data[key]);
    return { headers: [], choices: Array.from(choices, (choice) => choice ?? null) };
  }
  return { headers: keys, choices: keys.map((key) => choiceOf(data[key])) };
};

const templateName = z.string().trim().min(1, messages.importTemplateNameRequired).max(100);

/**
 * POST /import/templates: the saved templates of a table (status 1), newest first (see docs/requirements.md#calls), with
 * what the screen needs before a file is read: the fields a column may be mapped to, and the file size
 * limit (the server's IMPORT_MAX_BYTES, so one setting holds for both editions). Without a table: the
 * leads'. With name and data it saves the template first (as /import/templates/save) and answers the list.
 */
export const importTemplates = defineCall({
  method: 'POST',
  path: '/import/templates',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z
    .object({
      table: z.preprocess(blankToUndefined, tableName.default(DEFAULT_IMPORT_TABLE)),
      name: z.preprocess(blankToUndefined, templateName.optional()),
      data: reshaped(templateData, importTemplateDataSchema).optional(),
    })
    .optional(),
  result: z.object({
    success: z.boolean(),
    results: z.array(importTemplateSchema),
    fields: z.array(importFieldSchema),
    maxBytes: z.number().int().positive(),
    msg: z.string().optional(),
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
    name: templateName,
    data: reshaped(templateData, importTemplateDataSchema),
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
    table: z.preprocess(blankToUndefined, tableName.default(DEFAULT_IMPORT_TABLE)),
    phones: z.array(z.string().max(64)).max(DOUBLE_CHECK_MAX_PHONES),
  }),
  result: z.object({
    success: z.boolean(),
    result: z.object({ match_count: z.number().int(), matches: z.array(z.string()) }),
    total: z.number().int(),
  }),
});

const importCell = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().max(IMPORT_MAX_CELL_CHARS));

/**
 * A row as a form client may send it: a list of cells, or cells keyed by their column's index (a form
 * leaves out empty cells, so the index keeps each in its column) or by the column's field name.
 */
const importRow = z.union([
  z.record(z.string().max(64), importCell),
  z.array(importCell).max(IMPORT_MAX_COLUMNS),
]);
/** The rows, as a list or keyed by their index (a bracket form past its list limit). */
const importRows = z.union([
  z.record(z.string().regex(/^\d{1,9}$/), importRow),
  z.array(importRow).min(1).max(IMPORT_CHUNK_ROWS),
]);

/** The owner step (see docs/user-guide.md#importing-leads): JSON, or a bracket form's object. */
export const importOwnerSchema = z.preprocess(
  jsonText,
  z
    .object({
      mode: z.enum(IMPORT_OWNER_MODES),
      agent_id: z.preprocess(blankToUndefined, recordId.optional()),
      team_id: z.preprocess(blankToUndefined, recordId.optional()),
      status_id: z.preprocess(blankToUndefined, recordId.optional()),
      source: z.preprocess(blankToUndefined, z.string().trim().max(255).optional()),
    })
    .refine((owner) => owner.mode !== 'agent' || owner.agent_id !== undefined, {
      message: messages.invalidRequest,
      path: ['agent_id'],
    }),
);

/** 0, 1 or more from JSON numbers or form text. */
const count = z.coerce.number().int();

/** A form client's single-file import: `inputs.column` for `inputs.columns` (see docs/api-conformance.md). */
const bulkInsertShape = (value: unknown): unknown => {
  if (!isObject(value)) return value;
  const inputs = jsonText(value.inputs);
  if (!isObject(inputs) || inputs.columns !== undefined || inputs.column === undefined) {
    return { ...value, inputs };
  }
  const { column, ...rest } = inputs;
  return { ...value, inputs: { ...rest, columns: column } };
};

/** A row in the columns' order: by index, else by field name; a cell left out is empty. */
function rowCells(
  row: Readonly<Record<string, string>> | readonly string[],
  columns: readonly string[],
): string[] {
  if (Array.isArray(row)) return [...row];
  const keyed = row as Readonly<Record<string, string>>;
  return columns.map((name, index) => keyed[String(index)] ?? keyed[name] ?? '');
}

/** The import channel id's random part (see docs/requirements.md#constants-and-limits: 11 characters after the sanitised file name). */
const CHANNEL_RANDOM_CHARS = 11;

/**
 * POST /bulk/insert/: one chunk of an import. `inputs.columns` are field names, `inputs.data` the rows
 * (dates already YYYY-MM-DD). Chunks are numbered from 0; a chunk the server already has is not inserted
 * again (its earlier answer is repeated), so a retried or resumed upload never doubles rows. A client that
 * sends the whole file at once names only inputs, table and excelId: one chunk of all its rows, the file
 * name read from the excelId.
 */
export const bulkInsertBody = reshaped(
  bulkInsertShape,
  z
    .object({
      table: tableName,
      excelId,
      fileName: z.preprocess(blankToUndefined, z.string().trim().min(1).max(255).optional()),
      chunk: z.preprocess(
        blankToUndefined,
        count
          .min(0)
          .max(IMPORT_MAX_CHUNKS - 1)
          .default(0),
      ),
      chunks: z.preprocess(blankToUndefined, count.min(1).max(IMPORT_MAX_CHUNKS).default(1)),
      /** Where the chunk's first row is in the file (the header is row 1), for error messages. */
      firstRow: z.preprocess(
        blankToUndefined,
        count
          .min(2)
          .max(IMPORT_MAX_ROWS + 1)
          .default(2),
      ),
      /** Rows of the whole file (the report's total); a single-chunk upload: its rows. */
      total: z.preprocess(blankToUndefined, count.min(0).max(IMPORT_MAX_ROWS).optional()),
      /** 1: rows whose phone a lead already has are left out; 0: they are imported and reported. */
      skipDuplicates: z.preprocess(blankToUndefined, flagField.default(0)),
      /** What a duplicated row does (skip, import, update); wins over skipDuplicates when given. */
      duplicatePolicy: z.preprocess(blankToUndefined, z.enum(IMPORT_DUPLICATE_POLICIES).optional()),
      /** The owner step; without it the leads are the importer's, as the table's defaults make them. */
      owner: z.preprocess(blankToUndefined, importOwnerSchema.optional()),
      inputs: z.object({
        columns: z.array(fieldName).min(1).max(IMPORT_MAX_COLUMNS),
        data: importRows,
      }),
    })
    .transform((body, context) => {
      const listed = Array.isArray(body.inputs.data)
        ? body.inputs.data
        : Object.entries(body.inputs.data)
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([, row]) => row);
      const data = listed.map((row) => rowCells(row, body.inputs.columns));
      if (data.length === 0 || data.length > IMPORT_CHUNK_ROWS) {
        context.addIssue({ code: 'custom', path: ['inputs', 'data'], message: messages.invalidRequest });
        return z.NEVER;
      }
      if (data.some((row) => row.length > IMPORT_MAX_COLUMNS)) {
        context.addIssue({ code: 'custom', path: ['inputs', 'data'], message: messages.invalidRequest });
        return z.NEVER;
      }
      const nameOfId = body.excelId.slice(0, -CHANNEL_RANDOM_CHARS).replace(/[_-]+$/, '');
      const policy: ImportDuplicatePolicy = duplicatePolicyOf(
        body.duplicatePolicy,
        body.skipDuplicates === 1 ? 1 : 0,
      );
      const owner: ImportOwner | undefined = body.owner;
      return {
        ...body,
        duplicatePolicy: policy,
        owner,
        fileName: body.fileName ?? (nameOfId === '' ? body.excelId : nameOfId),
        total: body.total ?? data.length,
        inputs: { columns: body.inputs.columns, data },
      };
    }),
);
/** A chunk as our importer sends it: every field of the chunked upload, rows as lists of cells. */
export interface BulkInsertBody {
  table: string;
  excelId: string;
  fileName: string;
  chunk: number;
  chunks: number;
  firstRow?: number;
  total: number;
  skipDuplicates?: 0 | 1;
  duplicatePolicy?: ImportDuplicatePolicy;
  owner?: ImportOwner;
  inputs: { columns: string[]; data: string[][] };
}

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
    /** Existing leads whose empty fields this chunk's duplicated rows filled (policy "update"). */
    updated: z.number().int().default(0),
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
  /** What duplicated rows did (see docs/user-guide.md#importing-leads), and the leads they filled. */
  duplicate_policy: z.enum(IMPORT_DUPLICATE_POLICIES),
  updated: z.number(),
  /** The owner step as names ("Satış Temsilcisi", "Atama kuralları"), null when none was chosen. */
  owner_text: z.string().nullable(),
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

/** Ids as a list, a JSON list or comma-separated text (an import report row's double_ids as stored). */
const idList = (value: unknown): unknown => {
  const parsed = jsonText(value);
  if (typeof parsed !== 'string') return parsed;
  return parsed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
};

/**
 * POST /export/double/{table}: duplicated rows as an xlsx (see docs/requirements.md#calls). The report's excelId, the ids
 * themselves (double_ids), or a list's filters (the list's rows whose phone another lead has too); only
 * leads of the user's rows are written.
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
    z.object({
      double_ids: z.preprocess(idList, z.array(recordId).min(1).max(DOUBLE_EXPORT_MAX_IDS)),
    }),
    z.object({ table: tableName.optional(), filters: z.array(filterSchema).max(50) }),
  ]),
  result: z.object({
    success: z.boolean(),
    excelFiles: z.array(excelFileSchema),
    msg: z.string().optional(),
  }),
});
