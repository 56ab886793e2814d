import { z } from 'zod';
import { defineCall, noParams, SIGNED_IN } from './define';

/** Search answers at most this many leads (and suggestions); the overlay shows the first screenful. */
export const SEARCH_RESULT_LIMIT = 20;
/** Notes shown under each search hit. */
export const SEARCH_NOTES_PER_LEAD = 3;
export const SEARCH_KEYWORD_MAX = 100;

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
  access: SIGNED_IN,
  params: noParams,
  body: searchBody,
  result: searchAnswer,
});

/**
 * POST /searchPhone/: leads with a phone, phone_2 or mobile equal to the keyword once both are
 * normalised like normalizePhone (see docs/requirements.md#money-importer-and-lead-input: '+90 (532) 111 22 33' = '05321112233'). Whole numbers only:
 * fewer than 7 digits answer no results. Only numbers the user may read are matched.
 */
export const searchPhone = defineCall({
  method: 'POST',
  path: '/searchPhone/',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
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
  access: SIGNED_IN,
  params: noParams,
  body: searchBody,
  result: z.object({ success: z.boolean(), results: z.array(suggestionSchema) }),
});
