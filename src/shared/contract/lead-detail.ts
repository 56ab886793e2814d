import { z } from 'zod';
import { cellValue, defineCall, noParams, recordRow, tableName, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { filterSchema, sortSchema } from './records';
import { messages } from '../i18n/messages';
import { isValidTc } from '../domain/tc';
import { integerInput } from './number-inputs';

/** Lists of the lead detail page: default 50 rows, at most 500 (see docs/requirements.md#constants-and-limits page sizes). */
export const LEAD_DETAIL_PAGE_DEFAULT = 50;
export const LEAD_DETAIL_PAGE_MAX = 500;

/** A form sends an unused optional field as an empty string. */
const blankToUndefined = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

const paging = {
  page: integerInput(z.number().int().min(1).max(1_000_000)).default(1),
  limit: integerInput(z.number().int().min(1).max(LEAD_DETAIL_PAGE_MAX)).default(LEAD_DETAIL_PAGE_DEFAULT),
};

/**
 * "filters by field and id" (see docs/requirements.md#calls Notes): the rows whose `field` equals `id`. Only lead_id exists
 * today; the field is still sent so the body reads as the spec has it and can grow.
 */
export const leadRowsBody = z.object({
  field: z.literal('lead_id').default('lead_id'),
  id: recordId,
  ...paging,
});
export type LeadRowsBody = z.input<typeof leadRowsBody>;
export type ParsedLeadRowsBody = z.output<typeof leadRowsBody>;

/** A user as the note forms show it: docs/requirements.md#records-notes-and-settings "agents (label/value pairs)". */
export const agentOption = z.object({ label: z.string(), value: z.number() });
export type AgentOption = z.infer<typeof agentOption>;

/** A lead note (see docs/requirements.md#records-notes-and-settings Note). `agents` are the users the note's reminder went to. */
export const noteSchema = z.object({
  id: z.number(),
  body: z.string(),
  quality: z.number(),
  agents: z.array(agentOption),
  notification: z.number(),
  minute: z.number().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  lead_id: z.number(),
  channel_id: z.number().nullable(),
  note_status_id: z.number().nullable(),
  insert_agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  created_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** 0 open (action Tamamla), 1 done (Tamamlandı), 2 overdue (Gecikmiş): docs/requirements.md#notification-and-list-states. */
export const notificationCompleted = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A notification (see docs/requirements.md#records-notes-and-settings). user_id/user_name: whom it reminds; a lead's reminders go to several agents. */
export const notificationSchema = z.object({
  id: z.number(),
  /** Ours beyond the spec's notification (user_id, user_name, note_id): absent from a spec-only server. */
  user_id: z.number().optional(),
  user_name: z.string().nullable().default(null),
  title: z.string(),
  body: z.string(),
  start: z.string().nullable(),
  lead_id: z.number().nullable(),
  lead_name: z.string().nullable(),
  completed: notificationCompleted,
  completed_agent_name: z.string().nullable(),
  note_id: z.number().nullable().default(null),
  created_at: z.string(),
});
export type NotificationRow = z.infer<typeof notificationSchema>;

/**
 * POST /notes/{table}: the notes of a lead, newest first. `total` is the lead's note count (the header's
 * figure). `lead_notes` and `leads` both name "notes of a lead"; the lead must be readable by the user.
 */
export const notes = defineCall({
  method: 'POST',
  path: '/notes/{table}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'id',
  params: z.object({ table: z.enum(['lead_notes', 'leads']) }),
  body: leadRowsBody,
  // total and page are ours (the spec: results); without them the client counts what it has.
  result: z.object({
    results: z.array(noteSchema),
    total: z.number().optional(),
    page: z.number().optional(),
  }),
});

/**
 * POST /notes/notifications (see docs/requirements.md#calls Notes, "table notifications, field lead_id, id"): the reminders of
 * a lead for every agent they were set for, newest first. The same path family as `notes`, its own
 * answer shape, so the client is typed exactly.
 */
export const leadNotifications = defineCall({
  method: 'POST',
  path: '/notes/notifications',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'id',
  params: noParams,
  body: leadRowsBody,
  result: z.object({
    results: z.array(notificationSchema),
    total: z.number().optional(),
    page: z.number().optional(),
  }),
});

/** One changed field of a journal entry; multi-select fields carry lists. */
export const journalValue = z.union([cellValue, z.array(z.union([z.string(), z.number()]))]);
export const journalEntrySchema = z.object({
  id: z.number(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  values: z.record(z.string(), z.object({ old: journalValue, new: journalValue })),
  created_at: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/**
 * POST /journal/{table}/{id}: the change history of a lead (table leads or customers), newest first.
 * Only fields the user may read appear in `values`; an entry left with none is not sent.
 */
export const journal = defineCall({
  method: 'POST',
  path: '/journal/{table}/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'id',
  params: z.object({ table: tableName, id: recordId }),
  body: z.object(paging).optional(),
  result: z.object({ results: z.array(journalEntrySchema), page: z.number().optional() }),
});

export const duplicateReason = z.enum(['phone', 'email', 'tc']);
export type DuplicateReason = z.infer<typeof duplicateReason>;

/** A matching lead: why it matched, and the columns of `fields` as far as the user may list them. */
export const duplicateLeadSchema = z.object({
  id: z.number(),
  matched_by: z.array(duplicateReason),
  values: recordRow,
});
export type DuplicateLead = z.infer<typeof duplicateLeadSchema>;

/** Most matches one request answers; a lead sharing a call-centre number with thousands is not useful. */
export const DUPLICATES_MAX = 100;

/**
 * POST /getDublicatedLeads (the spec's spelling): leads of the user's scope sharing a normalised phone
 * (any of phone, phone_2, mobile), the e-mail (case-insensitive) or the tc with lead `id`. `fields` are
 * the columns present in each row.
 */
export const duplicatedLeads = defineCall({
  method: 'POST',
  path: '/getDublicatedLeads',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'id',
  params: noParams,
  body: z.object({ id: recordId }),
  result: z.object({ results: z.array(duplicateLeadSchema), fields: z.array(z.string()).optional() }),
});

/**
 * POST /nextLead/{x}: the lead after x in the list the user came from (its filters and sort; default id
 * descending, so the next smaller id), inside the user's scope; null at the end of the list.
 */
export const nextLead = defineCall({
  method: 'POST',
  path: '/nextLead/{x}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ x: recordId }),
  body: z
    .object({
      /** The list the lead was opened from: leads (default) or customers. */
      table: z.enum(['leads', 'customers']).default('leads'),
      filters: z.array(filterSchema).max(50).default([]),
      sort: sortSchema.optional(),
      /** The spec's payload names the id too; the path's x wins. */
      id: recordId.optional(),
    })
    .optional(),
  result: z.object({ id: z.number().nullable() }),
});

const requiredText = (message: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : (value ?? undefined)),
    z.string({ error: message }).trim().min(1, message).max(max),
  );
/** Missing or blank gets the form's own text; a present but malformed id is named as invalid. */
const requiredId = (message: string) =>
  z
    .preprocess(
      blankToUndefined,
      z.custom<unknown>((value) => value !== undefined, message),
    )
    .pipe(recordId);

/** T.C. kimlik no with its checksum; spaces a user typed are dropped. */
export const tcNumber = z
  .preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string({ error: messages.tcRequired }),
  )
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().min(1, messages.tcRequired).refine(isValidTc, messages.invalidTc));

/** The convert form of docs/requirements.md#task-customer-and-money-states: retention, retention_md, tc, occupation (list 141), city, ilce. */
export const convertCustomerBody = z.object({
  retention_id: requiredId(messages.retentionRequired),
  /** The retention manager is optional: not every team has one. */
  retention_md_id: z.preprocess(blankToUndefined, recordId.optional()),
  tc: tcNumber,
  occupation_id: requiredId(messages.occupationRequired),
  city: requiredText(messages.cityRequired, 100),
  ilce: requiredText(messages.ilceRequired, 100),
});
export type ConvertCustomerBody = z.input<typeof convertCustomerBody>;

/** POST /convertCustomer/{id}: lead to customer, once and for good (see docs/requirements.md#task-customer-and-money-states). */
export const convertCustomer = defineCall({
  method: 'POST',
  path: '/convertCustomer/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'id',
  params: z.object({ id: recordId }),
  body: convertCustomerBody,
  result: z.object({ success: z.boolean(), msg: z.string() }),
});
