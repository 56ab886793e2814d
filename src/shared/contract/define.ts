import { z } from 'zod';

// zod's own messages in Turkish, for every runtime that validates with the contract (server, main, renderer).
z.config(z.locales.tr());

/** How a call sends its input: form-encoded with PHP-style brackets (the API's default), JSON, or no body. */
export type BodyEncoding = 'form' | 'json' | 'none';
export type HttpMethod = 'GET' | 'POST';

/**
 * One API call as data. `path` uses the spec's `{param}` placeholders; params not in the path go to the
 * query string. The server registers its route from this, the clients send with it.
 */
export interface CallSpec<
  TParams extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResult extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  encoding: BodyEncoding;
  /** false only for calls that create or check a session. */
  auth: boolean;
  /** For calls that legitimately run long (an export); clients wait at least this long. */
  timeoutMs?: number;
  params: TParams;
  body: TBody;
  result: TResult;
}

export function defineCall<TParams extends z.ZodType, TBody extends z.ZodType, TResult extends z.ZodType>(
  spec: CallSpec<TParams, TBody, TResult>,
): CallSpec<TParams, TBody, TResult> {
  return spec;
}

export const noParams = z.object({});
export const noBody = z.object({}).optional();

/** Form bodies carry strings only, so numbers and flags are coerced at the boundary. */
export const intField = z.coerce.number().int();
export const positiveInt = z.coerce.number().int().positive();
export const flagField = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0));
export const tableName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Geçersiz tablo adı');
export const fieldName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Geçersiz alan adı');

/** A cell as the API answers it: dates are 'YYYY-MM-DD HH:mm:ss' strings. */
export const cellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof cellValue>;
export const recordRow = z.record(z.string(), cellValue);
export type RecordRow = z.infer<typeof recordRow>;

/** The answer every failing call gives (400/401/403/404/500). */
export const errorAnswer = z.object({ success: z.literal(false), msg: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswer>;

export const successAnswer = z.object({ success: z.boolean(), msg: z.string().optional() });

export function isCallSpec(value: unknown): value is CallSpec {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}
