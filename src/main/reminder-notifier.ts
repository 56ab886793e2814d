import dayjs from 'dayjs';
import type { NotificationRow } from '../shared/contract/lead-detail';
import type { NotificationEvent } from '../shared/contract/realtime';
import { isMutedNotification } from '../shared/domain/muted-keywords';
import { desktopTexts } from '../shared/i18n/desktop-texts';
import { format } from '../shared/i18n/messages';
import type { Log } from './log';
import type { Settings } from './settings';

/** One native notification; Electron's Notification in index.ts, a recorder in tests and the e2e harness. */
export interface NativeNotification {
  title: string;
  body: string;
  onClick(): void;
}

export interface Notifier {
  show(notification: NativeNotification): void;
}

export const silentNotifier: Notifier = { show: () => undefined };

/** After a long absence a few reminders pop up one by one; the rest are summed up in one notification. */
export const CATCH_UP_SHOWN_ONE_BY_ONE = 3;

export interface ReminderNotifierDeps {
  notifier: Notifier;
  settings: Pick<Settings, 'mutedKeywords' | 'shownNotificationIds' | 'rememberShownNotifications'>;
  /** The user's notifications (contract `notifications`), null when they could not be fetched. */
  fetchNotifications(): Promise<NotificationRow[] | null>;
  /** Brings the window forward, and with a lead id opens that lead (bridge event `openLead`). */
  openLead(leadId: number | null): void;
  now(): number;
  log: Log;
}

export interface ReminderNotifier {
  /** A `notification` push from the server. */
  handlePush(event: NotificationEvent): void;
  /** After login and after a reconnect: reminders that fell due unseen, each shown once. Answers how many. */
  catchUp(): Promise<number>;
}

/** The fields a native notification is made of; pushes and listed rows spell the lead name differently. */
interface Reminder {
  id: number;
  title: string;
  body: string;
  leadName: string | null;
  leadId: number | null;
}

function fromRow(row: NotificationRow): Reminder {
  return { id: row.id, title: row.title, body: row.body, leadName: row.lead_name, leadId: row.lead_id };
}

function fromPush(event: NotificationEvent): Reminder {
  return {
    id: event.id,
    title: event.title,
    body: event.body,
    leadName: event.leadName,
    leadId: event.lead_id,
  };
}

function bodyOf(reminder: Reminder): string {
  const leadName = reminder.leadName?.trim();
  return leadName ? `${leadName}: ${reminder.body}` : reminder.body;
}

/** 'YYYY-MM-DD HH:mm:ss' in the server's (the office's) local time, as the API answers it. */
function isDue(start: string | null, now: number): boolean {
  if (start === null) return false;
  const at = dayjs(start);
  return at.isValid() && at.valueOf() <= now;
}

/**
 * Native notifications for reminders. The server pushes a reminder when it falls due, so there is no
 * local timer; what was missed while the app was closed or offline is found by `catchUp`. Every shown
 * (or muted) id is remembered in the settings, so nothing pops up twice on this machine.
 */
export function createReminderNotifier(deps: ReminderNotifierDeps): ReminderNotifier {
  const { notifier, settings } = deps;
  let catchingUp: Promise<number> | null = null;

  const isMuted = (reminder: Reminder): boolean => isMutedNotification(reminder, settings.mutedKeywords());

  const show = (reminder: Reminder): void => {
    try {
      notifier.show({
        title: reminder.title,
        body: bodyOf(reminder),
        onClick: () => deps.openLead(reminder.leadId),
      });
    } catch (error) {
      // The OS may refuse (notifications disabled); the drawer still lists the reminder.
      deps.log(`Native notification failed: ${String(error)}`);
    }
  };

  const runCatchUp = async (): Promise<number> => {
    const rows = await deps.fetchNotifications();
    if (rows === null) return 0;
    const shown = new Set(settings.shownNotificationIds());
    const now = deps.now();
    const due = rows
      .filter((row) => row.completed !== 1 && !shown.has(row.id) && isDue(row.start, now))
      .map(fromRow);
    if (due.length === 0) return 0;
    // Remembered before showing: a push of the same reminder arriving meanwhile is not shown again.
    settings.rememberShownNotifications(due.map((reminder) => reminder.id));
    const audible = due.filter((reminder) => !isMuted(reminder));
    // The list is newest first, so the most recent reminders are the ones shown one by one.
    const oneByOne =
      audible.length > CATCH_UP_SHOWN_ONE_BY_ONE + 1 ? CATCH_UP_SHOWN_ONE_BY_ONE : audible.length;
    audible.slice(0, oneByOne).forEach(show);
    const rest = audible.length - oneByOne;
    if (rest > 0) {
      try {
        notifier.show({
          title: format(desktopTexts.moreReminders, { count: rest }),
          body: desktopTexts.moreRemindersBody,
          onClick: () => deps.openLead(null),
        });
      } catch (error) {
        deps.log(`Native notification failed: ${String(error)}`);
      }
    }
    return audible.length;
  };

  return {
    handlePush(event) {
      // A completed notification is news for the drawer only.
      if (event.completed === 1) return;
      if (settings.shownNotificationIds().includes(event.id)) return;
      const reminder = fromPush(event);
      settings.rememberShownNotifications([reminder.id]);
      if (!isMuted(reminder)) show(reminder);
    },

    catchUp() {
      // Login and the first connect ask at nearly the same moment; one fetch answers both.
      catchingUp ??= runCatchUp()
        .catch((error: unknown) => {
          deps.log(`Reminder catch-up failed: ${String(error)}`);
          return 0;
        })
        .finally(() => {
          catchingUp = null;
        });
      return catchingUp;
    },
  };
}
