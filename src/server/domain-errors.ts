import { messages } from '../shared/i18n/messages';
import { serverMessages } from '../shared/i18n/server-texts';

export { serverMessages };

/**
 * What went wrong, in the terms of the domain: the small set services throw. Only the HTTP layer
 * (http/error-handler.ts) turns a kind into a status code and the spec's answer.
 */
export type DomainErrorKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-large';

/** A refusal whose Turkish message may be shown to the caller as it is. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;

  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
  }

  /** Input that breaks a rule (a field, a value, a state the request assumed). */
  static invalid(message: string = messages.invalidRequest): DomainError {
    return new DomainError('invalid', message);
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
  static conflict(message: string): DomainError {
    return new DomainError('conflict', message);
  }

  static tooLarge(message: string = serverMessages.payloadTooLarge): DomainError {
    return new DomainError('too-large', message);
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
