import { messages } from '../../shared/i18n/messages';
import { DomainError } from '../domain-errors';

/** Same answer for "missing" and "outside your rows", so ids cannot be probed. */
export function recordNotFound(): DomainError {
  return DomainError.notFound(messages.recordNotFound);
}
