import { foldTurkish } from './turkish-fold';

/** docs/requirements.md#notification-and-list-states muted keywords: at most this many, each at most this long (the preferences schema's limits). */
export const MUTED_KEYWORD_LIMIT = 100;
export const MUTED_KEYWORD_MAX_LENGTH = 100;

/**
 * The list as it is kept: trimmed, without empty words, without a word already present (compared
 * Turkish-folded, so 'IŞIK' and 'ışık' are one word), first spelling wins, within the limits.
 */
export function cleanMutedKeywords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of words) {
    const word = raw.trim().slice(0, MUTED_KEYWORD_MAX_LENGTH);
    const folded = foldTurkish(word);
    if (word === '' || seen.has(folded)) continue;
    seen.add(folded);
    kept.push(word);
    if (kept.length === MUTED_KEYWORD_LIMIT) break;
  }
  return kept;
}

/** A notification whose body, title or lead name contains a muted word (Turkish-folded) is hidden. */
export function isMutedNotification(
  notification: { title: string; body: string; leadName: string | null },
  mutedKeywords: readonly string[],
): boolean {
  const texts = [notification.title, notification.body, notification.leadName ?? ''].map(foldTurkish);
  return mutedKeywords.some((word) => {
    const folded = foldTurkish(word.trim());
    return folded !== '' && texts.some((text) => text.includes(folded));
  });
}
