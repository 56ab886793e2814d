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
  // Updates (see docs/it-deployment.md)
  updateCheck: 'Güncellemeleri denetle',
  updateChecking: 'Güncellemeler denetleniyor…',
  updateUpToDate: 'Uygulama güncel',
  updateAvailable: 'Yeni sürüm hazır: {version}',
  updateDownload: 'İndir',
  updateDownloading: 'Güncelleme indiriliyor… %{percent}',
  updateDownloaded: 'Sürüm {version} indirildi.',
  updateRestart: 'Güncellemek için yeniden başlat',
  updateLater: 'Sonra',
  updateDisabledByPolicy: 'Güncellemeler BT yöneticiniz tarafından kapatıldı',
  updateNotInstalled: 'Güncellemeler yalnızca kurulu uygulamada denetlenir',
  updateNoFeed: 'Güncelleme adresi tanımlanmamış',
  updateSignatureRejected:
    'Güncelleme reddedildi: indirilen dosyanın imzası veya özeti beklenenle eşleşmiyor. BT yöneticinize bildirin.',
  updateFailed: 'Güncelleme alınamadı. Daha sonra yeniden denenecek.',
  // Desktop behaviour (see docs/it-deployment.md)
  trayAutoStart: 'Oturum açılınca başlat',
  crashRecovered:
    'Uygulama ekranı beklenmedik biçimde kapandı ve yeniden yüklendi. Kaydedilmemiş form değişiklikleri kaybolmuş olabilir.',
  crashRepeated: 'Uygulama ekranı art arda kapandı',
  crashRepeatedDetail:
    'Ekran yeniden yüklenmeyecek. Uygulamayı kapatıp yeniden açın; sorun sürerse BT yöneticinize bildirin.',
  serverLockedByPolicy: 'Sunucu adresi BT yöneticiniz tarafından belirlenmiştir',
  serverMustBeHttps:
    'CRM sunucu adresi https:// ile başlamalı: şifreniz ve oturumunuz ağda açık metin olarak taşınamaz',
  embeddedDisabledByPolicy: 'Yerleşik sunucu BT yöneticiniz tarafından kapatılmıştır',
} as const;
