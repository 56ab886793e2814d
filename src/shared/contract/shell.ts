import { z } from 'zod';
import { defineCall, noBody, noParams } from './define';
import { recordId } from './record-id';
import { notificationSchema } from './lead-detail';
import { messages } from '../i18n/messages';

/** Search answers at most this many leads (and suggestions); the overlay shows the first screenful. */
export const SEARCH_RESULT_LIMIT = 20;
/** Notes shown under each search hit. */
export const SEARCH_NOTES_PER_LEAD = 3;
/** The drawer lists this many notifications, newest first. */
export const NOTIFICATION_LIST_LIMIT = 100;
/** "Yaklaşan 10 Hatırlatma" (spec 1 §9). */
export const SIDEBAR_NOTE_LIMIT = 10;
/** Title of notifications that cannot be completed (spec 1 §4). */
export const PLATFORM_LOGIN_TITLE = messages.platformLogin;
export const FAVORITE_TITLE_MAX = 200;
export const FAVORITE_URL_MAX = 500;
export const SEARCH_KEYWORD_MAX = 100;
export const MUTED_KEYWORDS_MAX = 100;

/** Everything search-like takes one keyword (form field `keyword`). */
export const searchBody = z.object({ keyword: z.string().trim().max(SEARCH_KEYWORD_MAX) });
export type SearchBody = z.input<typeof searchBody>;

export const searchNoteSchema = z.object({
  body: z.string(),
  created_at: z.string(),
  agent_name: z.string().nullable(),
});
export type SearchNote = z.infer<typeof searchNoteSchema>;

/**
 * One lead found by /search/ or /searchPhone/. `phone` is present only when the user may read the
 * phone field; `agent_name` is null when agent_id is not readable or the lead has no agent.
 */
export const searchResultSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  agent_name: z.string().nullable(),
  phone: z.string().nullable().optional(),
  last_notes: z.array(searchNoteSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const searchAnswer = z.object({
  success: z.boolean(),
  msg: z.string().optional(),
  results: z.array(searchResultSchema),
});

/** POST /search/: leads by name (Turkish-folded, contains), scoped by the user's rows and fields. */
export const search = defineCall({
  method: 'POST',
  path: '/search/',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: searchBody,
  result: searchAnswer,
});

/**
 * POST /searchPhone/: leads with a phone, phone_2 or mobile equal to the keyword once both are
 * normalised like normalizePhone (spec 2 §5: '+90 (532) 111 22 33' = '05321112233'). Whole numbers only:
 * fewer than 7 digits answer no results. Only numbers the user may read are matched.
 */
export const searchPhone = defineCall({
  method: 'POST',
  path: '/searchPhone/',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: searchBody,
  result: searchAnswer,
});

export const suggestionSchema = z.object({ id: z.number(), name: z.string().nullable() });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** POST /suggestion/: fast name-prefix suggestions while typing (no notes, no agent). */
export const suggestion = defineCall({
  method: 'POST',
  path: '/suggestion/',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: searchBody,
  result: z.object({ success: z.boolean(), results: z.array(suggestionSchema) }),
});

/**
 * POST /notifications: the user's own notifications, newest first (at most 100). `unread` counts the
 * user's open ones (completed 0) whose start has come, for the bell; 'Platform Girişi' ones are not
 * counted (they cannot be completed).
 */
export const notifications = defineCall({
  method: 'POST',
  path: '/notifications',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: noBody,
  result: z.object({ success: z.boolean(), results: z.array(notificationSchema), unread: z.number() }),
});

/** POST /completeNotification/{id}: own only (else 404); 'Platform Girişi' ones answer 400. */
export const completeNotification = defineCall({
  method: 'POST',
  path: '/completeNotification/{id}',
  encoding: 'form',
  auth: true,
  params: z.object({ id: recordId }),
  body: noBody,
  result: z.object({ success: z.boolean(), msg: z.string(), result: notificationSchema.optional() }),
});

/** A row of "Yaklaşan 10 Hatırlatma" (spec 1 §3 Sidebar reminder). */
export const sidebarNoteSchema = z.object({
  id: z.number(),
  lead_id: z.number().nullable(),
  body: z.string(),
  lead_name: z.string().nullable(),
  start: z.string(),
});
export type SidebarNote = z.infer<typeof sidebarNoteSchema>;

/** POST /sidebarNotes: the user's next 10 open reminders with a start from now on, soonest first. */
export const sidebarNotes = defineCall({
  method: 'POST',
  path: '/sidebarNotes',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: noBody,
  result: z.object({ success: z.boolean(), results: z.array(sidebarNoteSchema) }),
});

export const favoriteSchema = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** An app route: starts with one '/', never '//' (protocol-relative) nor a backslash. */
export const appRoute = z
  .string()
  .trim()
  .min(1)
  .max(FAVORITE_URL_MAX)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Geçersiz sayfa adresi');

/** GET /favorites: the user's favourite pages, oldest first (the order they were added). */
export const favorites = defineCall({
  method: 'GET',
  path: '/favorites',
  encoding: 'none',
  auth: true,
  params: noParams,
  body: noBody,
  result: z.object({ success: z.boolean(), results: z.array(favoriteSchema) }),
});

/** POST /favorites: adds a page (same url again: its title is updated). Answers the list. */
export const favoriteAdd = defineCall({
  method: 'POST',
  path: '/favorites',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: z.object({ title: z.string().trim().min(1).max(FAVORITE_TITLE_MAX), url: appRoute }),
  result: z.object({
    success: z.boolean(),
    msg: z.string().optional(),
    id: z.number().optional(),
    results: z.array(favoriteSchema),
  }),
});

/** POST /favorite/remove/{id}: removes one of the user's own favourites (another user's: 404). */
export const favoriteRemove = defineCall({
  method: 'POST',
  path: '/favorite/remove/{id}',
  encoding: 'form',
  auth: true,
  params: z.object({ id: recordId }),
  body: noBody,
  result: z.object({ success: z.boolean(), msg: z.string(), results: z.array(favoriteSchema) }),
});

export const LAYOUTS = ['sidebar', 'head_navbar'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** UI preferences kept per user on the server (spec 1 §3 browser storage keys, made durable). */
export const preferencesSchema = z.object({
  theme: z.string().max(50),
  layout: z.enum(LAYOUTS),
  dark: z.boolean(),
  mutedKeywords: z.array(z.string().max(100)).max(MUTED_KEYWORDS_MAX),
  favoriteShow: z.boolean(),
  sidebarNoteShow: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'default',
  layout: 'sidebar',
  dark: false,
  mutedKeywords: [],
  favoriteShow: true,
  sidebarNoteShow: true,
};

/** POST /preferences/: the user's preferences, defaults filled in. */
export const preferences = defineCall({
  method: 'POST',
  path: '/preferences/',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: noBody,
  result: z.object({ success: z.boolean(), preferences: preferencesSchema }),
});

/**
 * POST /preferences/save (ours; the spec only reads preferences): JSON, any subset of the keys; the
 * rest stay as stored. Answers the merged preferences.
 */
export const preferencesSave = defineCall({
  method: 'POST',
  path: '/preferences/save',
  encoding: 'json',
  auth: true,
  params: noParams,
  body: preferencesSchema.partial(),
  result: z.object({ success: z.boolean(), preferences: preferencesSchema }),
});

const blankToUndefined = (value: unknown): unknown => (value === '' || value === null ? undefined : value);
const optionalPassword = z.preprocess(blankToUndefined, z.string().max(256).optional());

/**
 * POST /auth/save (spec 1 §3 Profile form). A key left out changes nothing; dahili and telegram_id sent
 * empty are cleared. The password changes when `new_password` is given (`password` is the current one);
 * all parts are checked first and applied together. `username` is accepted for the spec's form but not
 * changed here (the name belongs to the admin's users table). Refusals of the password part answer
 * 200 with success false (spec 1 §8 "Profile save success false").
 */
export const authSave = defineCall({
  method: 'POST',
  path: '/auth/save',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: z.object({
    telegram_id: z
      .string()
      .trim()
      .regex(/^@?[A-Za-z0-9_]{0,64}$/, messages.telegramIdInvalid)
      .optional(),
    theme: z.string().trim().max(50).optional(),
    dahili: z
      .string()
      .trim()
      .regex(/^[0-9]{0,10}$/, messages.dahiliInvalid)
      .optional(),
    username: z.string().trim().max(200).optional(),
    password: optionalPassword,
    new_password: optionalPassword,
    new_password_2: optionalPassword,
  }),
  result: z.object({
    success: z.boolean(),
    msg: z.string(),
    /** Set when the extension changed: the page reloads (spec 1 §8). */
    dahili: z.boolean().optional(),
    /** Set when the Telegram id changed. */
    telegram: z.boolean().optional(),
    /** Set when the theme changed. */
    theme: z.boolean().optional(),
    /** Set when the password changed (the user's other sessions were revoked). */
    password: z.boolean().optional(),
  }),
});

/** One day of the user's activity (ours: the spec names the columns, a row per day gives them meaning). */
export const activityRowSchema = z.object({
  day: z.string(),
  lead_interaction: z.number(),
  lead_view: z.number(),
  lead_note: z.number(),
  start_action_time: z.string().nullable(),
  last_action_time: z.string().nullable(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

/** Days of activity the profile's Etkinliklerim table shows, newest first. */
export const USER_ACTIVITY_DAYS = 30;

/**
 * POST /user/dashboard (ours; spec 1 §3 User dashboard). Counters: the leads and customers assigned to
 * the user (agent_id or retention_id) inside the user's lead scope, and their average lead-to-customer
 * time in days (one decimal; null without customers). Activity: one row per day of the last 30 with
 * activity: distinct leads the user changed (journal), opened (lead detail) and noted, and the first
 * and last of those actions that day.
 */
export const userDashboard = defineCall({
  method: 'POST',
  path: '/user/dashboard',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: noBody,
  result: z.object({
    leads: z.object({ count: z.number() }),
    customers: z.object({ count: z.number() }),
    customer_average_conversion_time: z.object({ average_conversion_time: z.number().nullable() }),
    activity: z.array(activityRowSchema),
  }),
});

const dayOrTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, 'Geçersiz tarih');

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
  params: noParams,
  body: dateRangeBody,
  result: z.object({ success: z.boolean(), events: z.array(calendarEventSchema) }),
});

/** POST /reports/ (spec 2 §7): leads created per day and per status in the range, in the user's scope. */
export const dashboardReports = defineCall({
  method: 'POST',
  path: '/reports/',
  encoding: 'form',
  auth: true,
  params: noParams,
  body: dateRangeBody,
  result: z.object({
    success: z.boolean(),
    leads: z.array(z.object({ date: z.string(), lead_count: z.number() })),
    lead_statuses: z.array(
      z.object({
        id: z.number().nullable(),
        label: z.string(),
        lead_count: z.number(),
        background: z.string().nullable(),
      }),
    ),
  }),
});
