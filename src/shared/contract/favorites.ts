import { z } from 'zod';
import { defineCall, noBody, noParams, specSuccess, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { contractTexts } from '../i18n/domain-texts';

export const FAVORITE_TITLE_MAX = 200;
export const FAVORITE_URL_MAX = 500;

export const favoriteSchema = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  /** Ours beyond the spec's favourite (id, title, url). */
  created_at: z.string().optional(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** An app route: starts with one '/', never '//' (protocol-relative) nor a backslash. */
export const appRoute = z
  .string()
  .trim()
  .min(1)
  .max(FAVORITE_URL_MAX)
  .regex(/^\/(?![/\\])[^\s\\]*$/, contractTexts.invalidPageAddress);

/** GET /favorites: the user's favourite pages, oldest first (the order they were added). */
export const favorites = defineCall({
  method: 'GET',
  path: '/favorites',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ success: specSuccess, results: z.array(favoriteSchema) }),
});

/** POST /favorites: adds a page (same url again: its title is updated). Answers the list. */
export const favoriteAdd = defineCall({
  method: 'POST',
  path: '/favorites',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
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
  access: SIGNED_IN,
  params: z.object({ id: recordId }),
  body: noBody,
  result: z.object({ success: z.boolean(), msg: z.string(), results: z.array(favoriteSchema) }),
});
