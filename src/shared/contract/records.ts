import { z } from 'zod';
import { DUPLICATE_REASONS } from '../domain/lead-duplicates';
import { blankToUndefined } from './blank';
import {
  cellValue,
  defineCall,
  fieldName,
  flagField,
  positiveInt,
  recordRow,
  specSuccess,
  tableName,
  SIGNED_IN,
} from './define';
import { componentType, fieldMetaSchema } from './meta';
import { noteInputs } from './note-inputs';
import { integerInput } from './number-inputs';

const filterText = z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(500));

/** One list filter (see docs/requirements.md#filters-and-list-input): type 10 carries {start, end}, 11 and 12 a list. */
export const filterSchema = z
  .object({
    name: fieldName,
    type: integerInput(z.number().int().min(1).max(12)),
    value: z.union([
      filterText,
      z.array(filterText).max(500),
      z.object({ start: filterText.optional(), end: filterText.optional() }),
    ]),
    editedId: z.unknown().optional(),
  })
  .transform(({ name, type, value }) => ({ name, type, value }));
export type FilterInput = z.input<typeof filterSchema>;

export const sortSchema = z.object({
  name: fieldName,
  type: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc'])),
});
export type SortInput = z.infer<typeof sortSchema>;

/** The list query of POST /table/{table}. Limits keep one request from asking for the whole table. */
export const listQuerySchema = z.object({
  table: tableName.optional(),
  page: integerInput(z.number().int().min(1).max(1_000_000)).default(1),
  limit: integerInput(z.number().int().min(1).max(500)).default(15),
  sort: sortSchema.optional(),
  filters: z.array(filterSchema).max(50).default([]),
  fields: z.array(fieldName).max(200).optional(),
  /** '1': count every match; otherwise the total stops at LIST_COUNT_CAP and total_capped says so. */
  exact_total: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean()])
    .transform((value) => value === true || value === '1' || value === 'true')
    .optional(),
});
export type ListQuery = z.input<typeof listQuerySchema>;

export const table = defineCall({
  method: 'POST',
  path: '/table/{table}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ table: tableName }),
  body: listQuerySchema.optional(),
  result: z.object({
    results: z.array(recordRow),
    total: z.number(),
    /**
     * True when the count stopped at LIST_COUNT_CAP: there are more than `total` matches. Servers that
     * always count exactly leave it out.
     */
    total_capped: z.boolean().optional(),
    /**
     * Ours: lead id → name for the page's lead columns (lead_id, customer_id), the leads the user may see,
     * so lists show names as links instead of numbers.
     */
    lead_names: z.record(z.string(), z.string()).optional(),
    page: z.number(),
    fields: z.array(z.string()),
    all_fields: z.array(fieldMetaSchema),
    components: z.record(z.string(), componentType),
    table: z.string(),
    tab_field_id: z.number().nullable(),
  }),
});

export const row = defineCall({
  method: 'POST',
  path: '/row/{table}/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ table: tableName, id: positiveInt, trx: positiveInt.optional() }),
  body: z.object({ filters: z.array(filterSchema).max(50).optional() }).optional(),
  result: z.object({
    results: recordRow,
    /**
     * Ours beyond the spec's results and modules: the fields the user may read (in order) and write. A
     * server of the spec alone leaves them out; the client then reads the metadata from GET /fields and
     * shows the record read-only (docs/api-conformance.md#our-client-against-a-spec-only-server).
     */
    fields: z.array(fieldMetaSchema).optional(),
    write_fields: z.array(z.string()).optional(),
    modules: z.array(z.string()),
  }),
});

const inputs = z.record(fieldName, z.union([cellValue, z.array(z.string())])).default({});

const confirmDuplicates = z.preprocess(blankToUndefined, flagField.optional());

/**
 * A lead that shares a phone, e-mail or T.C. with the values being saved: named (id and name, for a
 * link to /leadDetail/{id}) only when it is in the user's rows; the others are only counted.
 */
export const duplicateMatchSchema = z.object({
  id: z.number(),
  name: z.string(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;
export const duplicateAnswerSchema = z.object({
  matches: z.array(duplicateMatchSchema),
  /** Matching leads outside the user's rows ("başka bir kayıtta var"), never named. */
  outside: z.number().int(),
  /** Why those outside matched, without saying which lead. */
  outside_reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type DuplicateAnswer = z.infer<typeof duplicateAnswerSchema>;

/**
 * POST /lead/duplicates: the leads that already have the phone, e-mail or T.C. of a lead being added or
 * edited (id: the lead itself, left out). A save without confirm_duplicates=1 is refused with 409 and the
 * same answer in its body; the screen asks this call for the list it shows.
 */
export const leadDuplicates = defineCall({
  method: 'POST',
  path: '/lead/duplicates',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: z.object({}),
  body: z.object({
    table: tableName.default('leads'),
    id: z.preprocess(blankToUndefined, positiveInt.optional()),
    inputs,
  }),
  result: duplicateAnswerSchema.extend({ success: z.boolean() }),
});

export const detailSave = defineCall({
  method: 'POST',
  path: '/detail/save/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({}),
  body: z.object({
    table: tableName,
    id: positiveInt,
    inputs,
    /** 1: saved although another lead has the phone, e-mail or T.C. (docs/user-guide.md#duplicates). */
    confirm_duplicates: confirmDuplicates,
  }),
  result: z.object({ success: z.boolean(), msg: z.string().optional() }),
});

/** Insert a record (type insert) or set one field of the row keyName=keyValue. */
export const inlineSave = defineCall({
  method: 'POST',
  path: '/inline/save/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({}),
  body: z.union([
    z.object({
      table: tableName,
      keyName: fieldName,
      keyValue: z.union([z.string(), z.number()]).transform(String),
      fieldName,
      fieldValue: z.union([cellValue, z.array(z.string())]),
    }),
    // By type, so a bad note is answered with the note's own message, not the generic insert's.
    z.discriminatedUnion('type', [
      z.object({
        table: tableName,
        type: z.literal('insert'),
        inputs,
        confirm_duplicates: confirmDuplicates,
      }),
      z.object({ table: tableName, type: z.literal('insert_note'), inputs: noteInputs }),
    ]),
  ]),
  result: z.object({ success: z.boolean(), message: z.string(), id: z.number().optional() }),
});

/**
 * POST /hidden/{table}/{id}/{field}: the value of one field of one record, as a clickShow cell reveals it
 * (the value a list shows masked). The field must be one the user may read on a record in their rows;
 * anything else answers the same 404. See docs/api-conformance.md#hidden.
 */
export const hidden = defineCall({
  method: 'POST',
  path: '/hidden/{table}/{id}/{field}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  notFoundOnInvalidPath: true,
  params: z.object({ table: tableName, id: positiveInt, field: fieldName }),
  body: z.object({}).optional(),
  result: z.object({ success: z.boolean(), value: cellValue }),
});

/** Most platform accounts one answer carries (a customer has a handful). */
export const LEAD_PLATFORMS_LIMIT = 500;

/**
 * POST /lead-platforms/{table} (see docs/requirements.md#calls; docs/requirements.md#calls "lead platforms filtered by customer_id"): the
 * platform accounts of the user's rows. {table} is lead_platforms, or the lead table the customer is
 * opened from (leads, customers) with the customer's id; filters are the list's (e.g. customer_id).
 * See docs/api-conformance.md#lead-platforms.
 */
export const leadPlatforms = defineCall({
  method: 'POST',
  path: '/lead-platforms/{table}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'customer_id',
  params: z.object({ table: tableName }),
  body: z
    .object({
      filters: z.array(filterSchema).max(50).default([]),
      customer_id: z.preprocess((v) => (v === '' ? undefined : v), positiveInt.optional()),
      id: z.preprocess((v) => (v === '' ? undefined : v), positiveInt.optional()),
    })
    .optional(),
  result: z.object({ success: specSuccess, results: z.array(recordRow), total: z.number().optional() }),
});
