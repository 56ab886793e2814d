/**
 * How long something has waited, as a Turkish reader says it in a queue ("az önce", "25 dk", "3 saat",
 * "2 gün"): the largest whole unit, never a float. `since` is a stored local timestamp
 * ('2026-11-28 09:30:00') or a Date; `now` is the reader's clock.
 */
export function elapsedMs(since: string | Date, now: Date): number | null {
  const start = since instanceof Date ? since : parseLocalTimestamp(since);
  if (start === null) return null;
  return Math.max(0, now.getTime() - start.getTime());
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function formatElapsedTr(ms: number): string {
  if (ms < MINUTE) return 'az önce';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} dk`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} saat`;
  return `${Math.floor(ms / DAY)} gün`;
}

/** Whether a wait is over the limit in hours (the queue's late mark). */
export function isOverdue(ms: number, limitHours: number): boolean {
  return ms > limitHours * HOUR;
}

const LOCAL_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** A server timestamp without zone, read in the reader's zone (the server and desktops share one). */
function parseLocalTimestamp(text: string): Date | null {
  const match = LOCAL_TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date;
}
