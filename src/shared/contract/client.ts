import type { z } from 'zod';
import { errorAnswer, type CallSpec } from './define';
import { encodeForm } from './form-encoding';
import { fillPath } from './path';
import { messages } from '../i18n/messages';

export type CrmErrorKind =
  'network' | 'unauthorized' | 'forbidden' | 'not_found' | 'invalid' | 'server' | 'protocol';

/** A failed call as plain data, so it crosses IPC and structured clone unchanged. */
export interface CrmErrorInfo {
  kind: CrmErrorKind;
  status: number;
  message: string;
}

export type CallOutcome<T> = { ok: true; data: T } | { ok: false; error: CrmErrorInfo };

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ContractClientOptions {
  /** API base, e.g. http://127.0.0.1:8080/api */
  baseUrl: string;
  fetch: FetchLike;
  getToken: () => string | null;
  timeoutMs?: number;
}

export interface RawCallInput {
  params?: Record<string, unknown>;
  body?: unknown;
}

function kindOfStatus(status: number): CrmErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'invalid';
  return 'server';
}

export function joinUrl(baseUrl: string, path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Sends one contract call: validates the input before it leaves, encodes it as the contract says, and
 * validates the answer, so an address that does not speak this API fails as 'protocol'.
 */
export async function sendCall<S extends CallSpec>(
  spec: S,
  input: RawCallInput,
  options: ContractClientOptions,
): Promise<CallOutcome<z.output<S['result']>>> {
  const params = spec.params.safeParse(input.params ?? {});
  const body = spec.body.safeParse(input.body);
  if (!params.success || !body.success) {
    const issue = (params.error ?? body.error)?.issues[0];
    return {
      ok: false,
      error: { kind: 'invalid', status: 0, message: issue?.message ?? messages.invalidRequest },
    };
  }
  // Send what the caller gave (not the parsed output): the server parses the same schema again.
  const { path, query } = fillPath(spec.path, (input.params ?? {}) as Record<string, unknown>);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = spec.auth ? options.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (spec.method === 'POST') {
    const raw = (input.body ?? {}) as Record<string, unknown>;
    if (spec.encoding === 'json') {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(raw);
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      payload = encodeForm(raw);
    }
  }
  let response: Response;
  try {
    response = await options.fetch(joinUrl(options.baseUrl, path, query), {
      method: spec.method,
      headers,
      body: payload,
      // A call that needs longer than the client's usual limit (export) gets its own.
      // A redirect would carry the token to another address.
      redirect: 'error',
      signal: AbortSignal.timeout(Math.max(options.timeoutMs ?? 30_000, spec.timeoutMs ?? 0)),
    });
  } catch {
    return { ok: false, error: { kind: 'network', status: 0, message: messages.crmAccessProblem } };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { ok: false, error: { kind: 'protocol', status: response.status, message: messages.crmNotFound } };
  }
  if (!response.ok) {
    const failed = errorAnswer.safeParse(json);
    return {
      ok: false,
      error: {
        kind: kindOfStatus(response.status),
        status: response.status,
        message: failed.success ? failed.data.msg : messages.serverError,
      },
    };
  }
  const result = spec.result.safeParse(json);
  if (!result.success) {
    return { ok: false, error: { kind: 'protocol', status: response.status, message: messages.crmNotFound } };
  }
  return { ok: true, data: result.data as z.output<S['result']> };
}
