import { PLATFORM_LOGIN_TITLE } from '../../../../shared/contract';
import {
  NOTIFICATION_COMPLETED,
  foldTurkish,
  isDueNotification,
  unreadNotificationCount,
} from '../../../../shared/domain';
import {
  MUTED_KEYWORD_LIMIT,
  MUTED_KEYWORD_MAX_LENGTH,
  isMutedNotification,
} from '../../../../shared/domain/muted-keywords';

export { MUTED_KEYWORD_LIMIT, MUTED_KEYWORD_MAX_LENGTH };

/** The parts of a notification the muted-word rule reads (drawer rows and pushed events alike). */
export type MutableNotification = {
  title: string;
  body: string;
  lead_name?: string | null;
  leadName?: string | null;
};

/**
 * docs/requirements.md#shell-lists-and-chat: hidden when the body, the title or the lead name contains a muted word. Both sides are
 * Turkish-folded, so muting "ışık" also hides "IŞIK" and "Isik". The rule itself is the shared one the
 * desktop main process applies to native notifications, so the drawer and the pop-ups never disagree.
 */
export function isMuted(notification: MutableNotification, mutedKeywords: readonly string[]): boolean {
  return isMutedNotification(
    {
      title: notification.title,
      body: notification.body,
      leadName: notification.lead_name ?? notification.leadName ?? null,
    },
    mutedKeywords,
  );
}

export function visibleNotifications<T extends MutableNotification>(
  items: readonly T[],
  mutedKeywords: readonly string[],
): T[] {
  return items.filter((item) => !isMuted(item, mutedKeywords));
}

export type AddMutedOutcome =
  { ok: true; keywords: string[] } | { ok: false; reason: 'empty' | 'duplicate' | 'tooMany' | 'tooLong' };

/**
 * docs/requirements.md#filters-and-list-input: a word is added only when it is not empty and not already there. "Already there" is judged
 * folded, because "Işık" and "isik" would mute exactly the same notifications.
 */
export function addMutedKeyword(keywords: readonly string[], raw: string): AddMutedOutcome {
  const word = raw.replace(/\s+/g, ' ').trim();
  if (word === '') return { ok: false, reason: 'empty' };
  if (word.length > MUTED_KEYWORD_MAX_LENGTH) return { ok: false, reason: 'tooLong' };
  const folded = foldTurkish(word);
  if (keywords.some((existing) => foldTurkish(existing.trim()) === folded)) {
    return { ok: false, reason: 'duplicate' };
  }
  if (keywords.length >= MUTED_KEYWORD_LIMIT) return { ok: false, reason: 'tooMany' };
  return { ok: true, keywords: [...keywords, word] };
}

export function removeMutedKeyword(keywords: readonly string[], word: string): string[] {
  return keywords.filter((existing) => existing !== word);
}

/** docs/requirements.md#notification-and-list-states: only open notifications can be completed, and never the 'Platform Girişi' ones. */
export function canComplete(notification: { title: string; completed: number }): boolean {
  return (
    notification.completed === NOTIFICATION_COMPLETED.open &&
    notification.title.trim() !== PLATFORM_LOGIN_TITLE
  );
}

export type NotificationState = 'open' | 'done' | 'overdue';

export function notificationState(completed: number): NotificationState {
  if (completed === NOTIFICATION_COMPLETED.done) return 'done';
  if (completed === NOTIFICATION_COMPLETED.overdue) return 'overdue';
  return 'open';
}

/**
 * The bell's figure: the server's unread count (open and due) less the ones hidden by muted words, so
 * the bell never announces something the drawer will not show. A server of the spec alone sends no
 * count: the open, due ones of the list count then, 'Platform Girişi' left out as the server leaves it
 * out (docs/api-conformance.md#our-client-against-a-spec-only-server).
 */
export function bellCount(
  answer: {
    unread?: number;
    results: readonly (MutableNotification & { completed: number; start: string | null })[];
  },
  mutedKeywords: readonly string[],
  now: Date,
): number {
  const mutedDue = answer.results.filter(
    (item) =>
      item.completed === NOTIFICATION_COMPLETED.open &&
      isDue(item.start, now) &&
      isMuted(item, mutedKeywords),
  ).length;
  const unread = answer.unread ?? unreadNotificationCount(answer.results, now);
  return Math.max(0, unread - mutedDue);
}

/** 'YYYY-MM-DD HH:mm:ss' in local time (the API's format) or ISO; no start counts as due. */
export function isDue(start: string | null, now: Date): boolean {
  return isDueNotification(start, now);
}
