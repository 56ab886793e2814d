import { z } from 'zod';
import { blankToUndefined } from './blank';
import { defineCall, noParams, specSuccess, SIGNED_IN } from './define';
import { contractTexts } from '../i18n/domain-texts';

const dayOrTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, contractTexts.invalidDate);

/** A date range; `end` is inclusive when it is a day ('YYYY-MM-DD'). Without one: the current month. */
export const dateRangeBody = z
  .object({
    start: z.preprocess(blankToUndefined, dayOrTime.optional()),
    end: z.preprocess(blankToUndefined, dayOrTime.optional()),
  })
  .optional();
export type DateRangeBody = z.input<typeof dateRangeBody>;

export const calendarEventSchema = z.object({
  id: z.number(),
  title: z.string(),
  start: z.string(),
  lead_id: z.number().nullable(),
  completed: z.number(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** POST /calendar/: the user's own reminders with a start in the range (default: this month). */
export const calendar = defineCall({
  method: 'POST',
  path: '/calendar/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: dateRangeBody,
  result: z.object({ success: specSuccess, events: z.array(calendarEventSchema) }),
});

/** POST /reports/ (see docs/requirements.md#calls): leads created per day and per status in the range, in the user's scope. */
export const dashboardReports = defineCall({
  method: 'POST',
  path: '/reports/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: dateRangeBody,
  result: z.object({
    success: specSuccess,
    leads: z.array(z.object({ date: z.string(), lead_count: z.number() })),
    lead_statuses: z.array(
      z.object({
        /** Ours beyond the spec's label, lead_count, background: the status the bar links to. */
        id: z.number().nullable().default(null),
        label: z.string(),
        lead_count: z.number(),
        background: z.string().nullable(),
      }),
    ),
  }),
});
