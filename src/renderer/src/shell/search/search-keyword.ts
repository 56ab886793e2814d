import { SEARCH_KEYWORD_MAX } from '../../../../shared/contract';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 200;

/**
 * How people write phone numbers: digits with +, spaces, parentheses, dashes, dots or slashes between
 * them ("+90 (532) 111 22 33", "0532-111-22-33"). Letters anywhere make it a name.
 */
const PHONE_LIKE = /^[\d+\s()\-./]+$/;

export type SearchKind = 'name' | 'phone';

/** A keyword made only of phone characters and holding at least one digit searches phones. */
export function isPhoneLike(keyword: string): boolean {
  const trimmed = keyword.trim();
  return trimmed !== '' && PHONE_LIKE.test(trimmed) && /\d/.test(trimmed);
}

export function searchKind(keyword: string): SearchKind {
  return isPhoneLike(keyword) ? 'phone' : 'name';
}

/**
 * What is sent: trimmed, inner whitespace collapsed, cut to the contract's limit. Turkish folding is the
 * server's job (it folds both sides the same way), so the letters go as typed.
 */
export function cleanKeyword(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().slice(0, SEARCH_KEYWORD_MAX);
}

/** The leads list filtered by name (the list turns `name` into a "contains" filter). */
export function leadsListByName(keyword: string): string {
  const cleaned = cleanKeyword(keyword);
  if (cleaned === '') return '/list/leads';
  return `/list/leads?${new URLSearchParams({ name: cleaned }).toString()}`;
}

export function leadDetailPath(leadId: number): string {
  return `/leadDetail/${leadId}`;
}
