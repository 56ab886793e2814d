import { z } from 'zod';

/** Record ids of this API are PostgreSQL serials; a bigger number would fail in SQL instead of here. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id from a form (string) or JSON (number). Stricter than z.coerce: `true`, '', '1e3' or
 * '1; drop table' are refused instead of being turned into some number.
 */
export const recordId = z.union([
  z.number().int().positive().max(MAX_RECORD_ID),
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(MAX_RECORD_ID)),
]);
