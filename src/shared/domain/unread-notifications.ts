import { NOTIFICATION_COMPLETED, PLATFORM_LOGIN_NOTIFICATION_TITLE } from './constants';

/** 'YYYY-MM-DD HH:mm:ss' in local time (the API's format) or ISO; no start counts as due. */
export function isDueNotification(start: string | null, now: Date): boolean {
  if (start === null || start.trim() === '') return true;
  const time = new Date(start.includes('T') ? start : start.replace(' ', 'T')).getTime();
  return Number.isNaN(time) || time <= now.getTime();
}

/**
 * The unread figure as our server counts it (open, due, 'Platform Girişi' left out: it cannot be
 * completed), from a notification list: what the bell and the tray show when a server of the spec alone
 * sends the list without the figure (docs/api-conformance.md#our-client-against-a-spec-only-server).
 */
export function unreadNotificationCount(
  results: readonly { title: string; completed: number; start: string | null }[],
  now: Date,
): number {
  return results.filter(
    (item) =>
      item.completed === NOTIFICATION_COMPLETED.open &&
      isDueNotification(item.start, now) &&
      item.title !== PLATFORM_LOGIN_NOTIFICATION_TITLE,
  ).length;
}
