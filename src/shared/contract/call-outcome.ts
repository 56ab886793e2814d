import { messages } from '../i18n/messages';
import { errorAnswer, type FailureTexts } from './define';

export type CrmErrorKind =
  'network' | 'unauthorized' | 'forbidden' | 'not_found' | 'invalid' | 'server' | 'protocol';

/** A failed call as plain data, so it crosses IPC and structured clone unchanged. */
export interface CrmErrorInfo {
  kind: CrmErrorKind;
  status: number;
  message: string;
}

export type CallOutcome<T> = { ok: true; data: T } | { ok: false; error: CrmErrorInfo };
export type CallFailure = { ok: false; error: CrmErrorInfo };

export function kindOfStatus(status: number): CrmErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'invalid';
  return 'server';
}

export function callFailure(kind: CrmErrorKind, status: number, message: string): CallFailure {
  return { ok: false, error: { kind, status, message } };
}

/**
 * A failed answer (not 2xx) of a call that has its own failure texts: 401 as the expired session whatever
 * the body says (the caller ends the session on it), else the API's own words, else the call's text.
 */
export async function describeFailure(response: Response, texts: FailureTexts): Promise<CallFailure> {
  const fail = (message: string): CallFailure =>
    callFailure(kindOfStatus(response.status), response.status, message);
  if (response.status === 401) {
    void response.body?.cancel().catch(() => undefined);
    return fail(messages.sessionExpired);
  }
  try {
    const parsed = errorAnswer.safeParse(await response.json());
    if (parsed.success) return fail(parsed.data.msg);
  } catch {
    // Not the API's JSON error answer (a proxy's page, say).
  }
  return fail(response.status === 404 ? (texts.notFound ?? texts.failed) : texts.failed);
}
