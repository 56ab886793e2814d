/**
 * Turkish texts of the desktop integration (tray, native notifications, global shortcut). Kept apart
 * from `messages` because only the main process and the shortcut settings show them.
 * Placeholders look like {name}; fill them with `format` from ./messages.
 */
export const desktopTexts = {
  appName: 'Aracı Kurum CRM',
  trayTooltipUnread: 'Aracı Kurum CRM — {count} okunmamış bildirim',
  trayShow: 'Göster',
  trayQuit: 'Çıkış',
  /** A reminder without a lead name in the tray menu. */
  trayReminderWithoutLead: 'Hatırlatma',
  /** One native notification instead of many after a long absence. */
  moreReminders: '{count} hatırlatma daha',
  moreRemindersBody: 'Bildirimleri görmek için tıklayın',
  shortcutInvalid: 'Geçersiz kısayol. Örnek: CommandOrControl+K',
  shortcutTaken: 'Bu kısayol başka bir uygulama tarafından kullanılıyor',
  shortcutDesktopOnly: 'Genel kısayol yalnızca masaüstü uygulamasında kullanılabilir',
} as const;
