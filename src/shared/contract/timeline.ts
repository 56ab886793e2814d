import { z } from 'zod';
import { defineCall, SIGNED_IN } from './define';
import { journalEntrySchema, LEAD_DETAIL_PAGE_MAX } from './lead-detail';
import { integerInput } from './number-inputs';
import { recordId } from './record-id';

/**
 * What a lead's timeline holds (docs/user-guide.md#zaman-akisi): each kind comes from its own tab's data
 * and shows only for users who may see that tab.
 */
export const TIMELINE_KINDS = [
  'note',
  'call',
  'change',
  'email',
  'task',
  'file',
  'transaction',
  'transaction_step',
  'platform',
] as const;
export const timelineKindSchema = z.enum(TIMELINE_KINDS);
export type TimelineKind = z.infer<typeof timelineKindSchema>;

/** Default page of the timeline; a lead's busy week fits. */
export const TIMELINE_PAGE_DEFAULT = 25;

/** A form sends one kind as a string, several as a list; both read as a list. */
const kindsInput = z.preprocess(
  (value) => (typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value),
  z.array(timelineKindSchema).max(TIMELINE_KINDS.length),
);

export const timelineBody = z.object({
  page: integerInput(z.number().int().min(1).max(100_000)).default(1),
  limit: integerInput(z.number().int().min(1).max(LEAD_DETAIL_PAGE_MAX)).default(TIMELINE_PAGE_DEFAULT),
  /** Only these kinds; empty or absent: every kind the user may see. */
  kinds: kindsInput.optional(),
});
export type TimelineBody = z.input<typeof timelineBody>;

/**
 * One thing that happened to a lead. `key` is unique over kinds ('note:12'); `ref_id` the row behind it
 * (note, call, journal entry, e-mail, task, file, transaction, transaction step, platform account or
 * operation). `title` and `detail` are the Turkish text a person reads; a clickShow field's value comes
 * masked, as on the lead screen.
 */
export const timelineItemSchema = z.object({
  key: z.string(),
  kind: timelineKindSchema,
  ref_id: z.number(),
  /** 'YYYY-MM-DD HH:mm:ss', server time. */
  at: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  title: z.string(),
  detail: z.string().nullable(),
  /** A field change ('change'): the readable fields' old and new values, as the journal sends them. */
  values: journalEntrySchema.shape.values.optional(),
  /** A transaction or its step: the transaction, for a link to it. */
  transaction_id: z.number().optional(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/**
 * POST /lead/timeline/{id} (ours): everything that happened to a lead, newest first, paged. Needs the
 * history module (gecmis); a lead outside the user's rows answers the same 404 as a missing one.
 * `kinds` in the answer are the kinds this user may see (the filter's choices).
 */
export const leadTimeline = defineCall({
  method: 'POST',
  path: '/lead/timeline/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'id',
  params: z.object({ id: recordId }),
  body: timelineBody.optional(),
  result: z.object({
    results: z.array(timelineItemSchema),
    page: z.number(),
    total: z.number(),
    kinds: z.array(timelineKindSchema),
  }),
});
