import { z } from 'zod';
import { defineCall, fieldName, noBody, SIGNED_IN, tableName } from './define';

/**
 * The generic detail page's layout (/edit/{table}/{id}): the table's fields arranged into titled
 * sections, kept per user and table. Fields left out of every section are shown after them, so a field
 * added to the table later never disappears. See docs/api-conformance.md#detail-layouts.
 */

export const DETAIL_LAYOUT_MAX_SECTIONS = 20;
export const DETAIL_SECTION_TITLE_MAX = 100;

export const detailSectionSchema = z.object({
  title: z.string().trim().max(DETAIL_SECTION_TITLE_MAX),
  fields: z.array(fieldName).max(200),
});
export type DetailSection = z.infer<typeof detailSectionSchema>;

export const detailLayoutSchema = z.array(detailSectionSchema).max(DETAIL_LAYOUT_MAX_SECTIONS);

/** POST /detail-layout/{table}: the user's layout of the table, null when they have none. */
export const detailLayout = defineCall({
  method: 'POST',
  path: '/detail-layout/{table}',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ table: tableName }),
  body: noBody,
  result: z.object({ success: z.boolean(), sections: detailLayoutSchema.nullable() }),
});

/**
 * POST /detail-layout/save: stores the layout (sections of fields the user may read; each field once).
 * An empty list of sections removes the layout (the page goes back to the fields' own categories).
 */
export const detailLayoutSave = defineCall({
  method: 'POST',
  path: '/detail-layout/save',
  encoding: 'json',
  auth: true,
  access: SIGNED_IN,
  params: z.object({}),
  /** A form cannot send an empty list: no sections at all is the reset. */
  body: z.object({ table: tableName, sections: detailLayoutSchema.default([]) }),
  result: z.object({ success: z.boolean(), msg: z.string(), sections: detailLayoutSchema.nullable() }),
});
