import type { z } from 'zod';
import { messages } from '../i18n/messages';
import { openBinaryAnswer, readBinaryAnswer, type BinaryCallSpec, type OpenedFile } from './binary-answer';
import {
  callFailure,
  describeFailure,
  kindOfStatus,
  type CallFailure,
  type CallOutcome,
  type CrmErrorInfo,
} from './call-outcome';
import { errorAnswer, type CallSpec } from './define';
import { encodeForm } from './form-encoding';
import { checkFileLimits, multipartBody, outgoingFileSize, type OutgoingFile } from './multipart';
import { fillPath } from './path';

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
  /** The files of a multipart call. */
  files?: readonly OutgoingFile[];
}

export function joinUrl(baseUrl: string, path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

const invalid = (message: string): CrmErrorInfo => ({ kind: 'invalid', status: 0, message });

/**
 * A call's input checked against its contract before anything is sent: params, body, and a multipart
 * call's files against its count and size limits. The first problem as an error, null when it may go.
 */
export function checkCallInput(spec: CallSpec, input: RawCallInput): CrmErrorInfo | null {
  const params = spec.params.safeParse(input.params ?? {});
  const body = spec.body.safeParse(input.body);
  if (!params.success || !body.success) {
    const issue = (params.error ?? body.error)?.issues[0];
    return invalid(issue?.message ?? messages.invalidRequest);
  }
  const files = input.files ?? [];
  if (spec.encoding !== 'multipart') return files.length === 0 ? null : invalid(messages.invalidRequest);
  const sized = files.map((file) => ({ name: file.name, size: outgoingFileSize(file) }));
  const refused = checkFileLimits(spec.files, sized);
  return refused === null ? null : invalid(refused);
}

/** The request body as the contract encodes it; sets the Content-Type it needs. */
function requestBody(
  spec: CallSpec,
  input: RawCallInput,
  headers: Record<string, string>,
): string | FormData | undefined {
  if (spec.method !== 'POST') return undefined;
  const raw = (input.body ?? {}) as Record<string, unknown>;
  if (spec.encoding === 'multipart') {
    // No Content-Type: fetch writes multipart/form-data with its boundary itself.
    return multipartBody(spec.files, raw, input.files ?? []);
  }
  if (spec.encoding === 'json') {
    headers['Content-Type'] = 'application/json';
    return JSON.stringify(raw);
  }
  headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return encodeForm(raw);
}

/** Checks the input and sends the request a call describes; the caller reads the answer. */
async function send(
  spec: CallSpec,
  input: RawCallInput,
  options: ContractClientOptions,
): Promise<{ ok: true; response: Response } | CallFailure> {
  const refused = checkCallInput(spec, input);
  if (refused !== null) return { ok: false, error: refused };
  // Send what the caller gave (not the parsed output): the server parses the same schema again.
  const { path, query } = fillPath(spec.path, (input.params ?? {}) as Record<string, unknown>);
  const accept = spec.answer === 'binary' ? (spec.binary.types?.join(', ') ?? '*/*') : 'application/json';
  const headers: Record<string, string> = { Accept: accept };
  const token = spec.auth ? options.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const body = requestBody(spec, input, headers);
  try {
    const response = await options.fetch(joinUrl(options.baseUrl, path, query), {
      method: spec.method,
      headers,
      body,
      // A redirect would carry the token to another address.
      redirect: 'error',
      // A call that needs longer than the client's usual limit (export, upload) gets its own. The limit
      // covers reading the answer too.
      signal: AbortSignal.timeout(Math.max(options.timeoutMs ?? 30_000, spec.timeoutMs ?? 0)),
    });
    return { ok: true, response };
  } catch {
    return callFailure('network', 0, messages.crmAccessProblem);
  }
}

/** A JSON answer validated with the call's schema, so an address that does not speak this API fails as 'protocol'. */
async function readJsonAnswer(spec: CallSpec, response: Response): Promise<CallOutcome<unknown>> {
  if (!response.ok && spec.failureTexts) return describeFailure(response, spec.failureTexts);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return callFailure('protocol', response.status, messages.crmNotFound);
  }
  if (!response.ok) {
    const failed = errorAnswer.safeParse(json);
    return callFailure(
      kindOfStatus(response.status),
      response.status,
      failed.success ? failed.data.msg : messages.serverError,
    );
  }
  const result = spec.result.safeParse(json);
  if (!result.success) return callFailure('protocol', response.status, messages.crmNotFound);
  return { ok: true, data: result.data };
}

/**
 * Sends one contract call: validates the input before it leaves, encodes it as the contract says (form,
 * JSON or multipart), and reads the answer: JSON validated with the call's schema, or a binary answer
 * checked and read into memory within its limit.
 */
export async function sendCall<S extends CallSpec>(
  spec: S,
  input: RawCallInput,
  options: ContractClientOptions,
): Promise<CallOutcome<z.output<S['result']>>> {
  const call: CallSpec = spec;
  // A binary answer without a memory limit is only ever streamed (openCall).
  if (call.answer === 'binary' && call.binary.maxBytes === undefined) {
    return { ok: false, error: invalid(messages.invalidRequest) };
  }
  const sent = await send(call, input, options);
  if (!sent.ok) return sent;
  const outcome =
    call.answer === 'binary'
      ? await readBinaryAnswer(call, sent.response, call.binary.maxBytes ?? 0)
      : await readJsonAnswer(call, sent.response);
  return outcome as CallOutcome<z.output<S['result']>>;
}

/**
 * Sends a call with a binary answer and hands over its checked body unread, to be streamed where it goes
 * (a file on disk, the browser's downloads) without holding it in memory.
 */
export async function openCall(
  spec: BinaryCallSpec,
  input: RawCallInput,
  options: ContractClientOptions,
): Promise<CallOutcome<OpenedFile>> {
  const sent = await send(spec, input, options);
  if (!sent.ok) return sent;
  return openBinaryAnswer(spec, sent.response);
}
