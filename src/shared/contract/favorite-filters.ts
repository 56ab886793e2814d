import { z } from 'zod';
import { defineCall, noBody, specSuccess, tableName, SIGNED_IN } from './define';
import { recordId } from './record-id';
import { filterSchema } from './records';
import { messages } from '../i18n/messages';

export const FAVORITE_FILTER_NAME_MAX = 100;
/** Filters one favourite may hold: the same limit as a list query. */
export const FAVORITE_FILTER_MAX_FILTERS = 50;

/** A saved favourite filter (see docs/requirements.md#records-notes-and-settings: id, name, table, filters). */
export const favoriteFilterSchema = z.object({
  id: z.number(),
  name: z.string(),
  table: z.string(),
  filters: z.array(filterSchema),
  /** Ours beyond the spec's favourite filter. */
  created_at: z.string().optional(),
});
export type FavoriteFilter = z.infer<typeof favoriteFilterSchema>;

/**
 * Without a body (or with neither key) the call lists the user's favourites of the table; with `name`
 * and/or `filters` it saves one (same name again: its filters are replaced). The name is required
 * whenever something is saved (see docs/requirements.md#filters-and-list-input).
 */
export const favoriteFilterBody = z
  .object({
    name: z.string().trim().max(FAVORITE_FILTER_NAME_MAX).optional(),
    filters: z.array(filterSchema).max(FAVORITE_FILTER_MAX_FILTERS).optional(),
  })
  .superRefine((body, ctx) => {
    const saving = body.name !== undefined || body.filters !== undefined;
    if (saving && !body.name) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: messages.favoriteFilterNameRequired });
    }
  })
  .optional();
export type FavoriteFilterBody = z.input<typeof favoriteFilterBody>;

/** POST /favorite-filters/{table}: list (no body) or save one, answering the list after the change. */
export const favoriteFilters = defineCall({
  method: 'POST',
  path: '/favorite-filters/{table}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ table: tableName }),
  body: favoriteFilterBody,
  result: z.object({
    success: specSuccess,
    msg: z.string().optional(),
    results: z.array(favoriteFilterSchema),
    /** The id of the favourite just saved. */
    id: z.number().optional(),
  }),
});

/** POST /favorite-filters/remove/{id}: removes one of the user's own favourites. */
export const favoriteFilterRemove = defineCall({
  method: 'POST',
  path: '/favorite-filters/remove/{id}',
  encoding: 'form',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ id: recordId }),
  body: noBody,
  result: z.object({ success: z.boolean(), msg: z.string() }),
});
