/**
 * Lead mentions in chat messages: `#LEAD123` names lead 123 (its detail is /leadDetail/123). The text is
 * stored as written; who may open the lead is decided per reader by the server.
 */
const MENTION_PATTERN = /#LEAD([1-9]\d{0,9})\b/gi;
/** Lead ids are PostgreSQL serials. */
const MAX_LEAD_ID = 2_147_483_647;
/** A message names at most this many leads that the server looks up. */
export const CHAT_MENTIONS_MAX = 20;

export type MessagePart = { kind: 'text'; text: string } | { kind: 'lead'; text: string; leadId: number };

/** The message as text and lead mentions, in order; a number too big to be a lead id stays text. */
export function splitMentions(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(MENTION_PATTERN)) {
    const leadId = Number(match[1]);
    if (leadId > MAX_LEAD_ID) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    parts.push({ kind: 'lead', text: match[0], leadId });
    last = start + match[0].length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** The distinct leads a message mentions, first CHAT_MENTIONS_MAX of them. */
export function mentionedLeadIds(body: string): number[] {
  const ids = new Set<number>();
  for (const part of splitMentions(body)) {
    if (part.kind === 'lead') ids.add(part.leadId);
    if (ids.size >= CHAT_MENTIONS_MAX) break;
  }
  return [...ids];
}
