import type { z } from 'zod';

/**
 * A bracket form cannot say whether `extra_sql[5]=…` is item 5 of a list or the entry of key "5" of a
 * record: only the call's schema knows. The form parser keeps every index it read (sparse arrays), and
 * this walk shapes the parsed value the way the schema expects it: a record gets its numeric keys back as
 * object keys, a list loses the holes (as the parser used to compact them). Where the schema says nothing
 * (a transform, unknown) the old compacting applies. See docs/api-conformance.md#form-bodies.
 */

type Def = z.core.$ZodTypeDef & Record<string, unknown>;

function defOf(schema: z.core.$ZodType): Def {
  return schema._zod.def as Def;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parser's old behaviour: lists without holes, all the way down. */
export function compactForm(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter(() => true).map(compactForm);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = compactForm(item);
    return out;
  }
  return value;
}

/** A sparse list read from `name[index]` pairs as the record it was meant to be: index -> value. */
function indexRecord(list: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(list)) out[key] = list[Number(key)];
  return out;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** Unions try each branch; this bounds the work a hostile, deeply nested body can cause. */
const MAX_DEPTH = 12;

function align(schema: z.core.$ZodType, value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return compactForm(value);
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return align(def.innerType as z.core.$ZodType, value, depth + 1);
  switch (def.type) {
    case 'lazy':
      return align((def.getter as () => z.core.$ZodType)(), value, depth + 1);
    case 'pipe': {
      const input = def.in as z.core.$ZodType;
      // A preprocess step (a transform in front) takes anything: its output schema is the guide.
      const guide = defOf(input).type === 'transform' ? (def.out as z.core.$ZodType) : input;
      return align(guide, value, depth + 1);
    }
    case 'record': {
      const entries = Array.isArray(value) ? indexRecord(value) : value;
      if (!isPlainObject(entries)) return value;
      const valueType = def.valueType as z.core.$ZodType;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(entries)) out[key] = align(valueType, item, depth + 1);
      return out;
    }
    case 'object': {
      const entries = Array.isArray(value) ? indexRecord(value) : value;
      if (!isPlainObject(entries)) return compactForm(value);
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const rest = def.catchall as z.core.$ZodType | undefined;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(entries)) {
        const field = Object.hasOwn(shape, key) ? shape[key] : rest;
        out[key] = field ? align(field, item, depth + 1) : compactForm(item);
      }
      return out;
    }
    case 'array': {
      if (!Array.isArray(value)) return compactForm(value);
      const element = def.element as z.core.$ZodType;
      return value.filter(() => true).map((item) => align(element, item, depth + 1));
    }
    case 'union': {
      for (const option of def.options as z.core.$ZodType[]) {
        const candidate = align(option, value, depth + 1);
        const checked = option['~standard'].validate(candidate);
        if (!(checked instanceof Promise) && checked.issues === undefined) return candidate;
      }
      return compactForm(value);
    }
    default:
      return compactForm(value);
  }
}

/** Shapes a parsed form body (or query) by the call's schema before that schema parses it. */
export function alignForm(schema: z.core.$ZodType, value: unknown): unknown {
  return align(schema, value, 0);
}
