import { z } from 'zod';
import type { Department } from '../domain/constants';
import { contractTexts } from '../i18n/domain-texts';
import { integerInput } from './number-inputs';

// zod's own messages in Turkish, for every runtime that validates with the contract (server, main, renderer).
z.config(z.locales.tr());

/**
 * How a call sends its input: form-encoded with PHP-style brackets (the API's default), JSON, no body, or
 * multipart/form-data (the body's fields plus the files the call's `files` describes).
 */
export type BodyEncoding = 'form' | 'json' | 'none' | 'multipart';
export type HttpMethod = 'GET' | 'POST';

/** The files of a multipart call: what clients may send and what the server accepts. */
export interface FilePartSpec {
  /** The field the files go in; `field[]` and `field[0]` are accepted too (how forms and FormData name lists). */
  field: string;
  maxFiles: number;
  /** Per file. */
  maxBytes: number;
  /** The types a file may be. The server decides by the bytes, never by the name or the client's claim. */
  types: readonly string[];
  /** Name endings (without the dot) a file may have. */
  extensions: readonly string[];
  /** The name kept for a file sent without a usable one. */
  fallbackName: string;
  /** What the user reads for a file of another name or another content; `{name}` is the file's name. */
  nameNotAllowed: string;
  contentNotAllowed: string;
}

/** An answer that is a file's bytes instead of JSON (`answer: 'binary'`). */
export interface BinaryAnswerSpec {
  /** The types the answer may have; null: any (a file that is saved, never shown). */
  types: readonly string[] | null;
  /**
   * The most bytes a client holds in memory for one answer. Without it the answer is only streamed
   * (`openCall`, e.g. into a file on disk), never read whole.
   */
  maxBytes?: number;
  /** inline: shown in the app (an image); attachment: saved (an export). */
  disposition: 'inline' | 'attachment';
}

/**
 * What the user reads when a call fails without the API's own words (a proxy's page, an answer that is not
 * the expected file). A call without these treats such answers as "this address does not speak the API".
 */
export interface FailureTexts {
  failed: string;
  /** A 404 without the API's words; `failed` when absent. */
  notFound?: string;
  /** A binary answer of a type the call does not allow. */
  wrongType?: string;
  /** A binary answer over its `maxBytes`. */
  tooLarge?: string;
}

/**
 * Who may make a call, declared with every call so no route exists without one (see docs/operations.md#security). The server
 * enforces it before it reads the input (registerCall), and the permission matrix test checks every call
 * as every department against it.
 * - public: no session (login);
 * - signed-in: every department; the table's permission flags and row restriction decide per record;
 * - departments: only these; every other department gets 403 with `refusal`.
 */
export type CallAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'departments'; readonly departments: readonly Department[]; readonly refusal: string };

export const PUBLIC = { kind: 'public' } as const satisfies CallAccess;
export const SIGNED_IN = { kind: 'signed-in' } as const satisfies CallAccess;

/** A call only these departments may make; the others read `refusal`. */
export function departmentsOnly(departments: readonly Department[], refusal: string): CallAccess {
  return { kind: 'departments', departments, refusal };
}

/** Whether a department may make a call at all (records inside it are the server's next question). */
export function accessAllows(access: CallAccess, department: string): boolean {
  if (access.kind !== 'departments') return true;
  return (access.departments as readonly string[]).includes(department);
}

interface CallBase<TParams extends z.ZodType, TBody extends z.ZodType, TResult extends z.ZodType> {
  method: HttpMethod;
  path: string;
  /** false only for calls that create or check a session. */
  auth: boolean;
  /** Who may make the call; `public` exactly when `auth` is false. */
  access: CallAccess;
  /**
   * The input (path, query or body field) naming the lead the call reads or writes, when it names one:
   * a lead outside the caller's row restriction answers exactly as a missing one (the same 404).
   */
  leadInput?: string;
  /** For calls that legitimately run long (an export, an upload); clients wait at least this long. */
  timeoutMs?: number;
  /**
   * For a path that names one stored thing (GET /file/{id}): a path parameter that is not valid names
   * nothing, so the server answers 404 "Böyle bir kayıt yok…" instead of 400.
   */
  notFoundOnInvalidPath?: boolean;
  failureTexts?: FailureTexts;
  params: TParams;
  /** The JSON or form body; for a multipart call its fields. */
  body: TBody;
  /** The JSON answer; for a binary answer what the client makes of it (`binaryResult`). */
  result: TResult;
}

type EncodingSpec =
  { encoding: 'form' | 'json' | 'none'; files?: undefined } | { encoding: 'multipart'; files: FilePartSpec };

type AnswerSpec =
  | { answer?: 'json'; binary?: undefined }
  | { answer: 'binary'; binary: BinaryAnswerSpec; failureTexts: FailureTexts };

/**
 * One API call as data. `path` uses the spec's `{param}` placeholders; params not in the path go to the
 * query string. The server registers its route from this, the clients send with it: JSON and form calls,
 * multipart uploads (`encoding: 'multipart'` with `files`) and binary answers (`answer: 'binary'`) alike.
 */
export type CallSpec<
  TParams extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResult extends z.ZodType = z.ZodType,
> = CallBase<TParams, TBody, TResult> & EncodingSpec & AnswerSpec;

/** Keeps the call's own literal types (encoding, answer), so inputs and handlers are typed by them. */
export function defineCall<const S extends CallSpec>(spec: S): S {
  return spec;
}

const ownBytes = z.custom<Uint8Array<ArrayBuffer>>((value) => value instanceof Uint8Array);

/**
 * What a client makes of a binary answer read into memory: the type the server declared and the bytes,
 * as a Uint8Array over its own buffer (Electron's IPC and the e2e harness's binding carry typed arrays,
 * the binding not a bare ArrayBuffer).
 */
export function binaryResult<const T extends readonly [string, ...string[]]>(types: T) {
  return z.object({ mime: z.enum(types), data: ownBytes });
}

/** The same for an answer of any type (`types: null`). */
export const anyBinaryResult = z.object({ mime: z.string(), data: ownBytes });

export const noParams = z.object({});
export const noBody = z.object({}).optional();

/** Form bodies carry strings only, so numbers and flags are coerced at the boundary. */
export const intField = integerInput(z.number().int());
export const positiveInt = integerInput(z.number().int().positive());
export const flagField = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0));
export const tableName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, contractTexts.invalidTableName);
export const fieldName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,62}$/, contractTexts.invalidFieldName);

/** A cell as the API answers it: dates are 'YYYY-MM-DD HH:mm:ss' strings. */
export const cellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CellValue = z.infer<typeof cellValue>;
export const recordRow = z.record(z.string(), cellValue);
export type RecordRow = z.infer<typeof recordRow>;

/** The answer every failing call gives (400/401/403/404/500). */
export const errorAnswer = z.object({ success: z.literal(false), msg: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswer>;

export const successAnswer = z.object({ success: z.boolean(), msg: z.string().optional() });

/**
 * `success` of an answer whose call the spec gives without it (a list, the preferences): a server of the
 * spec alone may leave it out, and a 2xx answer is then a success
 * (docs/api-conformance.md#our-client-against-a-spec-only-server).
 */
export const specSuccess = z.boolean().default(true);

export function isCallSpec(value: unknown): value is CallSpec {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}
