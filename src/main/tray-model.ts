import dayjs from 'dayjs';
import type { SidebarNote } from '../shared/contract/notifications';
import { desktopTexts } from '../shared/i18n/desktop-texts';
import { format } from '../shared/i18n/messages';

/** The reminders the tray menu lists. */
export const TRAY_REMINDER_LIMIT = 5;
const LABEL_MAX = 60;

/** What the tray shows, as data the tray state keeps up to date. */
export interface TrayState {
  signedIn: boolean;
  /** Open notifications whose time has come (contract `notifications`.unread). */
  unread: number;
  /** The next open reminders, soonest first (contract `sidebarNotes`). */
  upcoming: readonly SidebarNote[];
}

export const SIGNED_OUT_TRAY: TrayState = { signedIn: false, unread: 0, upcoming: [] };

export type TrayAction =
  | { type: 'show' }
  | { type: 'openLead'; leadId: number }
  | { type: 'quit' }
  | { type: 'checkUpdates' }
  | { type: 'toggleAutoStart' };

export type TrayMenuEntry =
  | { kind: 'item'; label: string; action: TrayAction }
  | { kind: 'checkbox'; label: string; checked: boolean; action: TrayAction }
  | { kind: 'separator' };

/** The app's own entries of the tray menu (see docs/it-deployment.md), shown only where they can work. */
export interface TrayAppOptions {
  /** Starting at login into the tray: null where the platform has no login items. */
  autoStart: boolean | null;
  /** "Güncellemeleri denetle": only when the UpdateMode allows a check now. */
  canCheckUpdates: boolean;
}

export interface TrayModel {
  tooltip: string;
  /** Text beside the icon in the macOS menu bar: the unread count, empty when there is none. */
  title: string;
  menu: TrayMenuEntry[];
}

/** One line, bounded, and '&' doubled: Windows and Linux menus read a single '&' as a mnemonic. */
function menuLabel(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  const short = single.length > LABEL_MAX ? `${single.slice(0, LABEL_MAX - 1)}…` : single;
  return short.replace(/&/g, '&&');
}

/** 'HH:mm' today, 'DD.MM HH:mm' on another day: the menu is narrow and most reminders are today's. */
export function reminderTime(start: string, now: Date): string {
  const at = dayjs(start);
  if (!at.isValid()) return '';
  return at.isSame(now, 'day') ? at.format('HH:mm') : at.format('DD.MM HH:mm');
}

function reminderEntry(note: SidebarNote, now: Date): TrayMenuEntry {
  const who = note.lead_name?.trim() || note.body.trim() || desktopTexts.trayReminderWithoutLead;
  // Without a start (a server of the spec alone) the entry shows no time.
  const time = note.start === undefined ? '' : reminderTime(note.start, now);
  return {
    kind: 'item',
    label: menuLabel(time ? `${time} ${who}` : who),
    action: note.lead_id === null ? { type: 'show' } : { type: 'openLead', leadId: note.lead_id },
  };
}

/** Tooltip, title and menu of the tray icon: 'Göster', the next reminders, a separator, 'Çıkış'. */
export function trayModel(
  state: TrayState,
  now: Date,
  app: TrayAppOptions = { autoStart: null, canCheckUpdates: false },
): TrayModel {
  const unread = state.signedIn ? Math.max(0, Math.trunc(state.unread)) : 0;
  const reminders = state.signedIn ? state.upcoming.slice(0, TRAY_REMINDER_LIMIT) : [];
  return {
    tooltip: unread > 0 ? format(desktopTexts.trayTooltipUnread, { count: unread }) : desktopTexts.appName,
    title: unread > 0 ? String(unread) : '',
    menu: [
      { kind: 'item', label: desktopTexts.trayShow, action: { type: 'show' } },
      ...reminders.map((note) => reminderEntry(note, now)),
      { kind: 'separator' },
      ...(app.autoStart === null
        ? []
        : [
            {
              kind: 'checkbox' as const,
              label: desktopTexts.trayAutoStart,
              checked: app.autoStart,
              action: { type: 'toggleAutoStart' as const },
            },
          ]),
      ...(app.canCheckUpdates
        ? [
            {
              kind: 'item' as const,
              label: desktopTexts.updateCheck,
              action: { type: 'checkUpdates' as const },
            },
          ]
        : []),
      { kind: 'item', label: desktopTexts.trayQuit, action: { type: 'quit' } },
    ],
  };
}

/** A menu template Electron's Menu.buildFromTemplate accepts, built without importing electron. */
export type TrayMenuTemplateItem =
  | { label: string; click: () => void }
  | { type: 'checkbox'; label: string; checked: boolean; click: () => void }
  | { type: 'separator' };

export function trayMenuTemplate(
  model: TrayModel,
  perform: (action: TrayAction) => void,
): TrayMenuTemplateItem[] {
  return model.menu.map((entry): TrayMenuTemplateItem => {
    if (entry.kind === 'separator') return { type: 'separator' };
    if (entry.kind === 'checkbox') {
      return {
        type: 'checkbox',
        label: entry.label,
        checked: entry.checked,
        click: () => perform(entry.action),
      };
    }
    return { label: entry.label, click: () => perform(entry.action) };
  });
}
