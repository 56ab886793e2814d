import { z } from 'zod';
import { cellValue, defineCall, fieldName, flagField, noParams, tableName, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { format, messages } from '../i18n/messages';
import { integerInput } from './number-inputs';

/** Most rows one bulk request may touch; the list's biggest page is 500, select-all of two pages fits. */
export const BULK_MAX_IDS = 1000;

/** The selected rows: at least one, at most BULK_MAX_IDS; duplicates are harmless (the server dedupes). */
export const bulkIds = z
  .array(recordId)
  .min(1, messages.bulkNoneSelected)
  .max(BULK_MAX_IDS, format(messages.bulkTooMany, { max: BULK_MAX_IDS }));

/** The field a bulk edit sets; a missing choice gets the form's own text (see docs/requirements.md#filters-and-list-input). */
const targetField = z
  .string({ error: messages.bulkFieldRequired })
  .trim()
  .min(1, messages.bulkFieldRequired)
  .pipe(fieldName);

/** A form sends an unused second field as an empty string. */
const blankToUndefined = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

/** A cell, or a list for multi-select fields; '' clears the field (NULL), as in detail save. */
const bulkValue = z.union([cellValue, z.array(z.string()).max(500)]);

/** The answer of every bulk call: how many rows (or notes) were changed, and a Turkish message. */
export const bulkAnswer = z.object({
  success: z.boolean(),
  msg: z.string(),
  count: z.number().int().nonnegative(),
});
export type BulkAnswer = z.infer<typeof bulkAnswer>;

/**
 * The bulk form of docs/requirements.md#records-notes-and-settings (type 1 = edit). With doubleUpdate a second field is set in the same
 * statement; the two fields must differ ('Güncellenecek alanların ikiside aynı olmamalı').
 */
export const bulkSaveBody = z
  .object({
    ids: bulkIds,
    table: tableName,
    /** Bulk type of docs/requirements.md#notification-and-list-states; only 1 (edit) belongs to this call, so a delete can never arrive here. */
    type: integerInput(z.literal(1)).optional(),
    fieldName: targetField,
    fieldValue: bulkValue,
    doubleUpdate: flagField.optional(),
    fieldName2: z.preprocess(blankToUndefined, fieldName.optional()),
    fieldValue2: bulkValue.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.doubleUpdate !== 1) return;
    if (body.fieldName2 === undefined) {
      ctx.addIssue({ code: 'custom', path: ['fieldName2'], message: messages.bulkFieldRequired });
    } else if (body.fieldName2 === body.fieldName) {
      ctx.addIssue({ code: 'custom', path: ['fieldName2'], message: messages.bulkSameFields });
    }
    // No message: the server words it as 'Zorunlu alan eksik: fieldValue2'.
    if (body.fieldValue2 === undefined)
      ctx.addIssue({ code: 'custom', path: ['fieldValue2'], input: undefined });
  });
export type BulkSaveBody = z.input<typeof bulkSaveBody>;

/** POST /bulk/save/: set one field (two with doubleUpdate) on every selected row, all or nothing. */
export const bulkSave = defineCall({
  method: 'POST',
  path: '/bulk/save/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: bulkSaveBody,
  result: bulkAnswer,
});

/** POST /bulk/remove/: delete the selected rows (delete flag); the confirmation is the client's. */
export const bulkRemove = defineCall({
  method: 'POST',
  path: '/bulk/remove/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ ids: bulkIds, table: tableName }),
  result: bulkAnswer,
});

/**
 * POST /bulk/removeNotes/: delete the notes of the selected leads. `table` is the list they were picked
 * in (leads or customers); the server needs the delete flag on lead_notes. `count` is notes deleted.
 */
export const bulkRemoveNotes = defineCall({
  method: 'POST',
  path: '/bulk/removeNotes/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: z.object({ ids: bulkIds, table: tableName }),
  result: bulkAnswer,
});
