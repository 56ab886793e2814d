/**
 * Colleague mentions in chat messages: `@Ayşe Yılmaz` (the user's name as the chat's user list shows it)
 * tells that user, even outside the chat screen (see docs/user-guide.md#notifications). Letters are
 * compared under Turkish case folding; the name must end at a word boundary (`@Ali` is not `@Alican`).
 */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

const fold = (text: string): string => text.toLocaleLowerCase('tr-TR');

export type MentionCandidate = { id: number; name: string };

/** Whether `body` mentions `name` with a leading `@`. */
export function mentionsName(body: string, name: string): boolean {
  const wanted = fold(name.trim());
  if (wanted === '') return false;
  const text = fold(body);
  const needle = `@${wanted}`;
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at < 0) return false;
    const next = text.charAt(at + needle.length);
    if (next === '' || !WORD_CHAR.test(next)) return true;
    from = at + 1;
  }
}

/** The candidates a message mentions, in the candidates' order, without the sender. */
export function mentionedUserIds(
  body: string,
  candidates: readonly MentionCandidate[],
  senderId: number,
): number[] {
  if (!body.includes('@')) return [];
  return candidates
    .filter((candidate) => candidate.id !== senderId && mentionsName(body, candidate.name))
    .map((candidate) => candidate.id);
}
