import type { EmitBridgeEvent, SessionManager } from './session-manager';
import type { CallName } from '../shared/contract';
import {
  createGlobalShortcutService,
  type GlobalShortcutLike,
  type GlobalShortcutService,
} from './global-shortcut';
import type { Log } from './log';
import { createChatNotifier } from './chat-notifier';
import { createRealtimeClient, type IoFactory, type RealtimeClient } from './realtime-client';
import { createReminderNotifier, type Notifier, type ReminderNotifier } from './reminder-notifier';
import type { SessionLifecycleHooks } from './session-lifecycle';
import type { Settings } from './settings';
import type { Schedule } from './timers';
import { createTrayState, type TrayStateService } from './tray-state';
import { unreadNotificationCount } from '../shared/domain/unread-notifications';

/** Calls after which the unread count or the upcoming reminders may differ (notes carry reminders). */
const TRAY_AFFECTING_CALLS: ReadonlySet<CallName> = new Set<CallName>([
  'completeNotification',
  'detailSave',
  'inlineSave',
  'bulkRemove',
  'bulkRemoveNotes',
]);

export interface DesktopIntegrationDeps {
  settings: Settings;
  /** The session manager itself (not the observed one): background calls must not count as the user's. */
  session: SessionManager;
  apiBase(): Promise<string | null>;
  token(): Promise<string | null>;
  emit: EmitBridgeEvent;
  io: IoFactory;
  notifier: Notifier;
  globalShortcut: GlobalShortcutLike | null;
  /** Shows, restores and focuses the main window. */
  focusWindow(): void;
  /** Whether the main window is hidden to the tray or minimised (no window counts as hidden). */
  windowHidden(): boolean;
  now(): number;
  schedule: Schedule;
  random?: () => number;
  log: Log;
}

export interface DesktopIntegration {
  realtime: RealtimeClient;
  reminders: ReminderNotifier;
  tray: TrayStateService;
  shortcuts: GlobalShortcutService;
  /** What happens when a session begins and ends (see observeSession). */
  hooks: SessionLifecycleHooks;
  dispose(): void;
}

/** The socket, native reminders, the tray's data and the global shortcut, wired to each other. */
export function createDesktopIntegration(deps: DesktopIntegrationDeps): DesktopIntegration {
  const { settings, session, emit, log } = deps;

  const openLead = (leadId: number | null): void => {
    deps.focusWindow();
    if (leadId !== null && Number.isInteger(leadId) && leadId > 0) emit('openLead', { leadId });
  };

  const reminders = createReminderNotifier({
    notifier: deps.notifier,
    settings,
    fetchNotifications: async () => {
      const outcome = await session.call('notifications', {});
      return outcome.ok && outcome.data.success ? outcome.data.results : null;
    },
    openLead,
    now: deps.now,
    log,
  });

  const chat = createChatNotifier({
    notifier: deps.notifier,
    userId: async () => (await session.status()).userId,
    windowHidden: deps.windowHidden,
    openChat: (channelId) => {
      deps.focusWindow();
      emit('openChat', { channelId });
    },
    log,
  });

  const tray = createTrayState({
    fetchUnread: async () => {
      const outcome = await session.call('notifications', {});
      if (!outcome.ok || !outcome.data.success) return null;
      // A server of the spec alone sends the list without the figure.
      return outcome.data.unread ?? unreadNotificationCount(outcome.data.results, new Date(deps.now()));
    },
    fetchUpcoming: async () => {
      const outcome = await session.call('sidebarNotes', {});
      return outcome.ok && outcome.data.success ? outcome.data.results : null;
    },
    schedule: deps.schedule,
    log,
  });

  const realtime = createRealtimeClient({
    io: deps.io,
    apiBase: deps.apiBase,
    token: deps.token,
    onEvent: (message) => {
      switch (message.event) {
        case 'notification':
          emit('notification', message.payload);
          reminders.handlePush(message.payload);
          tray.refresh();
          return;
        case 'importProgress':
          emit('importProgress', message.payload);
          return;
        case 'fieldUpdate':
          emit('fieldUpdate', message.payload);
          return;
        case 'callOutcome':
          emit('callOutcome', message.payload);
          return;
        case 'transactionUpdate':
          emit('transactionUpdate', message.payload);
          return;
        case 'chatMessage':
          emit('chatMessage', message.payload);
          void chat.handlePush(message.payload).catch((error: unknown) => {
            log(`Chat notice failed: ${String(error)}`);
          });
          return;
        case 'leadActivity':
          emit('leadActivity', message.payload);
          return;
      }
    },
    onStatus: ({ connected, reconnect }) => {
      emit('realtimeStatus', { connected });
      // Pushes sent while the socket was down are lost; what fell due meanwhile is fetched instead.
      if (reconnect) {
        void reminders.catchUp();
        tray.refresh();
      }
    },
    onUnauthorized: () => {
      // A refused handshake may mean a revoked token; validation ends the session if so.
      void session.validate(true).catch(() => undefined);
    },
    schedule: deps.schedule,
    random: deps.random,
    log,
  });

  const shortcuts = createGlobalShortcutService({
    globalShortcut: deps.globalShortcut,
    settings,
    onPress: () => {
      deps.focusWindow();
      emit('openSearch', {});
    },
    onStatus: (status) => emit('globalShortcutStatus', status),
    log,
  });
  shortcuts.start();

  /** The user's muted words live in their server preferences; this machine follows them. */
  const syncMutedKeywords = async (): Promise<void> => {
    const outcome = await session.call('preferences', {});
    if (outcome.ok && outcome.data.success) settings.setMutedKeywords(outcome.data.preferences.mutedKeywords);
  };

  const hooks: SessionLifecycleHooks = {
    started(fresh) {
      if (fresh) realtime.restart();
      else realtime.start();
      tray.signedIn();
      // Muted words first, so reminders missed while the app was closed are filtered by this user's.
      void syncMutedKeywords()
        .catch((error: unknown) => log(`Preferences sync failed: ${String(error)}`))
        .then(() => reminders.catchUp());
    },
    ended() {
      realtime.stop();
      tray.signedOut();
    },
    called(name, ok) {
      if (ok && TRAY_AFFECTING_CALLS.has(name)) tray.refresh();
    },
  };

  return {
    realtime,
    reminders,
    tray,
    shortcuts,
    hooks,
    dispose() {
      realtime.stop();
      tray.stop();
      shortcuts.stop();
    },
  };
}
