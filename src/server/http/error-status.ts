import type { DomainErrorKind } from '../domain-errors';

/** The one place a domain error kind becomes an HTTP status. */
const STATUS: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'too-many': 429,
  unavailable: 503,
};

export function httpStatus(kind: DomainErrorKind): number {
  return STATUS[kind];
}
