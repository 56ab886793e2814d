import { z } from 'zod';
import { defineCall, noBody, noParams, positiveInt, tableName } from './define';
import { COMPONENT_TYPES } from '../domain/constants';

export const componentType = z.enum(COMPONENT_TYPES);

/** Field metadata as spec 1 §3 lists it; `options` is the option-list id of choice fields. */
export const fieldMetaSchema = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  component: z.object({ name: componentType }),
  category: z.string(),
  options: z.number().nullable(),
  show_insert: z.union([z.literal(0), z.literal(1)]),
});
export type FieldMeta = z.infer<typeof fieldMetaSchema>;

export const fields = defineCall({
  method: 'GET',
  path: '/fields/{table}',
  encoding: 'none',
  auth: true,
  params: z.object({ table: tableName }),
  body: noBody,
  result: z.object({ fields: z.array(fieldMetaSchema) }),
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
  params: noParams,
  body: noBody,
  result: z.object({ options: z.array(optionSchema) }),
});
