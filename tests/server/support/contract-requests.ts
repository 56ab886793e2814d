import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import {
  contract,
  encodeForm,
  fillPath,
  pathParamNames,
  type CallName,
  type CallSpec,
} from '../../../src/shared/contract';

/**
 * Requests built from the contract alone, so every call (a new one too) can be sent without a hand-written
 * case: path parameters filled, the body encoded the way the call declares.
 */

/** An id no demo row has: what a path names when the test means "nothing". */
export const MISSING_ID = 999_999_999;

/** Path parameters that name a table or field get a real one, so the call goes past its table check. */
const PATH_HINTS: Readonly<Record<string, string>> = {
  table: 'leads',
  a: 'leads',
  b: 'agent_id',
  name: 'yok.xlsx',
};

/** Body fields whose shape says little (a table, a field name) get values a real client sends. */
const BODY_HINTS: Readonly<Record<string, unknown>> = {
  table: 'leads',
  field: 'lead_id',
  phone: '5321234567',
  hat: '0',
  keyword: 'ali',
  template_id: 1,
  question_id: 1,
  start: '2026-01-01 00:00:00',
  end: '2026-12-31 23:59:59',
  answers: [{ value: 'evet' }],
  retention_id: 1,
  occupation_id: 1,
  city: 'İstanbul',
  ilce: 'Kadıköy',
  type: 'Demo',
  // A T.C. number with a valid checksum.
  tc: '10000000146',
  login: '1234567',
};

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The smallest value a JSON schema accepts, or a hinted one for a named field. */
function sampleOf(schema: JsonSchema, key: string | null): unknown {
  if (key !== null && Object.hasOwn(BODY_HINTS, key)) return BODY_HINTS[key];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return sampleOf(variant, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      // Required fields, and the hinted ones: a field behind a preprocess step is not marked required.
      const names = Object.keys(schema.properties ?? {}).filter(
        (name) => schema.required?.includes(name) === true || Object.hasOwn(BODY_HINTS, name),
      );
      for (const name of names) value[name] = sampleOf(schema.properties?.[name] ?? {}, name);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}, null));
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'deneme';
  }
}

/** The required fields of a call's body (or params), with sample values. */
export function sampleInput(schema: z.ZodType): Record<string, unknown> {
  const value = sampleOf(inputSchema(schema), null);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The names a call's path, query and body schemas accept. */
export function inputNames(spec: CallSpec): { path: string[]; query: string[]; body: string[] } {
  const path = pathParamNames(spec.path);
  const params = Object.keys(inputSchema(spec.params).properties ?? {});
  const body = Object.keys(inputSchema(spec.body).properties ?? {});
  return { path, query: params.filter((name) => !path.includes(name)), body };
}

export interface CallRequest {
  /** Path parameters and query values; path ones not given get PATH_HINTS or MISSING_ID. */
  params?: Record<string, unknown>;
  body?: Record<string, unknown>;
  token?: string;
}

/** A tiny PNG (signature and IHDR), enough for an upload to be read as an image. */
const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

function multipartPayload(
  fields: Record<string, unknown>,
  withFile: boolean,
): { type: string; payload: Buffer } {
  const boundary = '----crmmatrix';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
      ),
    );
  }
  if (withFile) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG_BYTES,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

/** Sends one contract call through Fastify's inject, encoded as the contract declares it. */
export function sendCall(
  app: FastifyInstance,
  name: CallName,
  request: CallRequest = {},
): Promise<LightMyRequestResponse> {
  const spec: CallSpec = contract[name];
  const names = inputNames(spec);
  const params: Record<string, unknown> = { ...request.params };
  for (const key of names.path) {
    if (params[key] === undefined) params[key] = PATH_HINTS[key] ?? MISSING_ID;
  }
  const filled = fillPath(spec.path, params);
  const query = new URLSearchParams(filled.query).toString();
  const url = `/api${filled.path}${query === '' ? '' : `?${query}`}`;
  const headers: Record<string, string> = request.token ? { authorization: `Bearer ${request.token}` } : {};
  const body = request.body ?? {};
  if (spec.method === 'GET' || spec.encoding === 'none') {
    return Promise.resolve(app.inject({ method: spec.method, url, headers }));
  }
  if (spec.encoding === 'multipart') {
    const { type, payload } = multipartPayload(body, true);
    return Promise.resolve(
      app.inject({ method: spec.method, url, headers: { ...headers, 'content-type': type }, payload }),
    );
  }
  if (spec.encoding === 'json') {
    return Promise.resolve(
      app.inject({
        method: spec.method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
    );
  }
  return Promise.resolve(
    app.inject({
      method: spec.method,
      url,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: encodeForm(body),
    }),
  );
}
