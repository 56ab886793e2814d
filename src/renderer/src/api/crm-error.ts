import type { CrmErrorInfo, CrmErrorKind } from '../../../shared/contract';
import { messages } from '../../../shared/i18n/messages';

const KINDS: ReadonlySet<string> = new Set<CrmErrorKind>([
  'network',
  'unauthorized',
  'forbidden',
  'not_found',
  'invalid',
  'server',
  'protocol',
]);

function isErrorInfo(value: unknown): value is CrmErrorInfo {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.kind === 'string' &&
    KINDS.has(record.kind) &&
    typeof record.status === 'number' &&
    typeof record.message === 'string'
  );
}

/** A failed bridge call as an Error, so react-query and error boundaries can carry it; the message is Turkish. */
export class CrmError extends Error implements CrmErrorInfo {
  readonly kind: CrmErrorKind;
  readonly status: number;

  constructor(info: CrmErrorInfo) {
    super(info.message);
    this.name = 'CrmError';
    this.kind = info.kind;
    this.status = info.status;
  }

  /** Anything a call can reject with (an IPC failure, a bug) becomes a CrmError with a Turkish text. */
  static from(reason: unknown): CrmError {
    if (reason instanceof CrmError) return reason;
    if (isErrorInfo(reason)) return new CrmError(reason);
    return new CrmError({ kind: 'server', status: 0, message: messages.serverError });
  }
}

export function isCrmError(value: unknown): value is CrmError {
  return value instanceof CrmError;
}

declare module '@tanstack/react-query' {
  interface Register {
    // Every queryFn of the app goes through callCrm, which only ever throws CrmError.
    defaultError: CrmError;
  }
}
