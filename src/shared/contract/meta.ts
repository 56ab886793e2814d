import { z } from 'zod';
import { defineCall, fieldName, noBody, noParams, positiveInt, tableName, SIGNED_IN } from './define';
import { COMPONENT_TYPES } from '../domain/constants';

export const componentType = z.enum(COMPONENT_TYPES);

/** Field metadata as docs/requirements.md#records-notes-and-settings lists it; `options` is the option-list id of choice fields. */
export const fieldMetaSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  component: z.object({ name: componentType }),
  category: z.string(),
  options: z.number().nullable(),
  show_insert: z.union([z.literal(0), z.literal(1)]),
  /**
   * The component as its number (componentIdOf) and the filter type (1-12) the detailed search starts
   * with for the field (defaultFilterType); see docs/api-conformance.md#fields. Optional: older servers
   * of the API may leave them out.
   */
  component_id: z.number().optional(),
  filter: z.number().optional(),
});
export type FieldMeta = z.infer<typeof fieldMetaSchema>;

export const fields = defineCall({
  method: 'GET',
  path: '/fields/{table}',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ table: tableName }),
  body: noBody,
  result: z.object({
    fields: z.array(fieldMetaSchema),
    /**
     * Fields only the insert form shows, never listed or read: password components (a new user's Şifre),
     * which the server hashes. Sent only to users who may insert.
     */
    insert_fields: z.array(fieldMetaSchema).optional(),
  }),
});

/** label/value, with colours for lead statuses (list 16). */
export const optionSchema = z.object({
  label: z.string(),
  value: z.union([z.number(), z.string()]),
  background: z.string().optional(),
  color: z.string().optional(),
});
export type OptionItem = z.infer<typeof optionSchema>;

export const getOption = defineCall({
  method: 'GET',
  path: '/getOption/{id}',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: z.object({ id: positiveInt }),
  body: noBody,
  result: z.object({ options: z.array(optionSchema) }),
});

/** The option lists themselves: value is the list id, label its name. */
export const getOptionList = defineCall({
  method: 'GET',
  path: '/getOptionList',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: noParams,
  body: noBody,
  result: z.object({ options: z.array(optionSchema) }),
});

/** Most options one autocomplete answer carries. */
export const AUTOCOMPLETE_LIMIT = 20;
export const AUTOCOMPLETE_QUERY_MAX = 100;
/**
 * A choice editor asks the server (GET /autocomplete) instead of filtering its loaded list once the list
 * is longer than this: one screenful of names is quicker to scan than to search, more is not.
 */
export const AUTOCOMPLETE_MIN_OPTIONS = 30;

/**
 * GET /autocomplete/{a}/{b}?q= (see docs/requirements.md#calls): options of field `b` of table `a` whose label contains `q`,
 * Turkish letters folded as search folds them ('isik' finds 'Işık'); labels starting with `q` first, at
 * most 20. `b` must be a choice field (one with an option list: agents, teams, statuses...) the user may
 * read, list or write on `a`; any other field, or a table the user may not see, answers 404. An empty
 * `q` answers the list's first 20.
 */
export const autocomplete = defineCall({
  method: 'GET',
  path: '/autocomplete/{a}/{b}',
  encoding: 'none',
  auth: true,
  access: SIGNED_IN,
  params: z.object({
    a: tableName,
    b: fieldName,
    q: z.string().trim().max(AUTOCOMPLETE_QUERY_MAX).default(''),
  }),
  body: noBody,
  result: z.object({ options: z.array(optionSchema) }),
});
