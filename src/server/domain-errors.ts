import { messages } from '../shared/i18n/messages';
import { serverMessages } from '../shared/i18n/server-texts';

export { serverMessages };

/**
 * What went wrong, in the terms of the domain: the small set services throw. Only the HTTP layer
 * (http/error-handler.ts) turns a kind into a status code and the spec's answer.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'too-many'
  | 'unavailable';

/** A refusal whose Turkish message may be shown to the caller as it is. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** When to try again, for the Retry-After header of a 429 or 503. */
  readonly retryAfterSeconds: number | undefined;
  /** What a library said about it (often English): written to the log, never sent. */
  readonly technical: string | undefined;
  /** Fields the answer carries besides success and msg (the matches of a duplicate refusal). */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    kind: DomainErrorKind,
    message: string,
    extra: { retryAfterSeconds?: number; technical?: string; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.technical = extra.technical;
    this.details = extra.details;
  }

  /** Input that breaks a rule (a field, a value, a state the request assumed). */
  static invalid(message: string = messages.invalidRequest, technical?: string): DomainError {
    return new DomainError('invalid', message, technical === undefined ? {} : { technical });
  }

  static unauthenticated(message: string = serverMessages.notLoggedIn): DomainError {
    return new DomainError('unauthenticated', message);
  }

  static forbidden(message: string = messages.forbidden): DomainError {
    return new DomainError('forbidden', message);
  }

  /** Missing and outside the user's scope alike, so ids cannot be probed. */
  static notFound(message: string = messages.recordNotFound): DomainError {
    return new DomainError('not-found', message);
  }

  /** The record's current state does not allow it (in use, already changed by someone else). */
  static conflict(message: string, details?: Record<string, unknown>): DomainError {
    return new DomainError('conflict', message, details === undefined ? {} : { details });
  }

  static tooLarge(message: string = serverMessages.payloadTooLarge): DomainError {
    return new DomainError('too-large', message);
  }

  /** The caller sends faster than a limit allows; it may try again after `retryAfterSeconds`. */
  static tooMany(message: string, retryAfterSeconds: number): DomainError {
    return new DomainError('too-many', message, { retryAfterSeconds });
  }

  /** The server cannot take the call now (it is full); the call was fine and may be sent again. */
  static unavailable(message: string, retryAfterSeconds: number): DomainError {
    return new DomainError('unavailable', message, { retryAfterSeconds });
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
