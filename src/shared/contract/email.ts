import { z } from 'zod';
import { defineCall, noBody, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { messages } from '../i18n/messages';
import { REMINDER_OFFSETS_MINUTES } from '../domain/reminders';

/** Option list of the e-mail templates (see docs/requirements.md#constants-and-limits). */
export const EMAIL_TEMPLATE_OPTION_LIST = 128;
/** Send-time offsets in minutes (see docs/requirements.md#task-customer-and-money-states, #constants-and-limits): the reminder offsets. 0 means now. */
export const EMAIL_SEND_OFFSETS_MINUTES = REMINDER_OFFSETS_MINUTES;
/** The server sends due e-mails in batches of this period (see docs/requirements.md#task-customer-and-money-states). */
export const EMAIL_BATCH_PERIOD_MS = 5 * 60 * 1000;

const API_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * When to send: nothing/''/'now'/0 for now, one of the offsets in minutes (the server adds it to its own
 * clock), or a custom 'YYYY-MM-DD HH:mm:ss' (server local time, like every date of the API).
 */
export const emailSendTime = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === 'now' ? 0 : v),
  z.union(
    [
      z
        .union([z.number(), z.string().regex(/^\d{1,5}$/)])
        .transform(Number)
        .pipe(
          z.union([z.literal(0), ...EMAIL_SEND_OFFSETS_MINUTES.map((m) => z.literal(m))], {
            error: messages.emailSendTimeInvalid,
          }),
        ),
      z.string().trim().regex(API_DATE_TIME, messages.emailSendTimeInvalid),
    ],
    { error: messages.emailSendTimeInvalid },
  ),
);
export type EmailSendTimeInput = z.input<typeof emailSendTime>;

/**
 * POST /process-email/: renders template_id (option list 128) for the lead and queues it for start
 * (see emailSendTime); `end`, when given, is the latest time it may still go out. The lead must be in
 * the user's scope and have an e-mail address. Answer: success, msg ('E-posta gönderim sırasına
 * alındı'), id of the queued e-mail and its start.
 */
export const processEmail = defineCall({
  method: 'POST',
  path: '/process-email/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'lead_id',
  params: z.object({}),
  body: z.object({
    lead_id: recordId,
    template_id: z.preprocess((v) => (v === '' ? undefined : v), recordId.optional()),
    start: emailSendTime.optional(),
    end: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.string().trim().regex(API_DATE_TIME, messages.emailSendTimeInvalid).optional(),
    ),
  }),
  result: z.object({
    success: z.boolean(),
    msg: z.string(),
    id: z.number().optional(),
    start: z.string().optional(),
  }),
});

export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** One e-mail of a lead as the E-Mail tab shows it. */
export const leadEmailSchema = z.object({
  id: z.number(),
  lead_id: z.number(),
  template_id: z.number().nullable(),
  template_name: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  agent_id: z.number().nullable(),
  agent_name: z.string().nullable(),
  start: z.string(),
  end: z.string().nullable(),
  status: z.enum(EMAIL_STATUSES),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type LeadEmail = z.infer<typeof leadEmailSchema>;

/** POST /emails/{leadId}: the lead's e-mails, newest first (our addition for the E-Mail tab). */
export const leadEmails = defineCall({
  method: 'POST',
  path: '/emails/{leadId}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  leadInput: 'leadId',
  params: z.object({ leadId: recordId }),
  body: noBody,
  result: z.object({ results: z.array(leadEmailSchema) }),
});
