import { z } from 'zod';
import { defineCall, noBody, noParams, specSuccess, SIGNED_IN } from './define';

export const MUTED_KEYWORDS_MAX = 100;

export const LAYOUTS = ['sidebar', 'head_navbar'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** UI preferences kept per user on the server (see docs/requirements.md#records-notes-and-settings browser storage keys, made durable). */
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
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ success: specSuccess, preferences: preferencesSchema }),
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
  access: SIGNED_IN,
  params: noParams,
  body: preferencesSchema.partial(),
  result: z.object({ success: z.boolean(), preferences: preferencesSchema }),
});
