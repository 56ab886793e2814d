import { z } from 'zod';

/** Form fields sent empty mean "not given" (the spec's forms send every field). */
export const blankToUndefined = (value: unknown): unknown =>
  value === '' || value === null ? undefined : value;

/**
 * A form field holding JSON text (a client that sends `data={"headers":…}` or `filters=[…]` as one
 * field) as the value it spells; any other value as it is. Only objects and lists are read this way.
 */
export const jsonText = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
};

/**
 * A body schema that first reshapes what a form client of the API sends into the body of ours (`shape`),
 * typed by the body of ours: our callers keep a checked input type, other clients' shapes still parse.
 */
export function reshaped<T extends z.ZodType>(
  shape: (value: unknown) => unknown,
  schema: T,
): z.ZodType<z.output<T>, z.input<T>> {
  return z.preprocess(shape, schema) as unknown as z.ZodType<z.output<T>, z.input<T>>;
}
