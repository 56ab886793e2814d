/**
 * Interface texts of the shell, dashboard and profile that the spec does not quote (its own wording lives
 * in src/shared/i18n/messages.ts and is imported from there). Kept apart from ui-texts.ts because several
 * people edit that file at once; the catalogue owner may merge the two.
 */
export const shellTexts = {
  // ---- Actions registry (Ctrl+K and friends) ----
  actionFocusSearch: 'Lead ara',
  actionPreviousResult: 'Önceki sonuç',
  actionNextResult: 'Sonraki sonuç',
  actionOpenResult: 'Sonucu aç',
  actionSubmitSearch: 'Listede ara',
  actionCloseSearch: 'Aramayı kapat',

  // ---- Top bar, profile menu ----
  removeFavorite: 'Favorilerden çıkar',
  favoritesLoadFailed: 'Favoriler yüklenemedi',
  remindersLoadFailed: 'Hatırlatmalar yüklenemedi',
  account: 'Hesabım',
  collapse: 'Daralt',
  expand: 'Genişlet',

  // ---- Search overlay ----
  searchTyping: 'Aramak için yazın',
  searchFailed: 'Arama yapılamadı',
  searchByPhone: 'Telefon numarasıyla aranıyor',
  searchByName: 'İsimle aranıyor',
  searchNoAgent: 'Temsilci atanmamış',
  searchNoNotes: 'Not yok',
  searchShowInList: '“{keyword}” için leadler listesini aç',
  searchHint: '↑ ↓ ile seçin, Enter ile açın, Esc ile kapatın',

  // ---- Notification drawer ----
  bellLabel: 'Bildirimler ({count} okunmamış)',
  notificationsEmpty: 'Bildiriminiz yok',
  notificationsHidden: '{count} bildirim sessize alınan kelimeler yüzünden gizli',
  notificationsLoadFailed: 'Bildirimler yüklenemedi',
  mutedPlaceholder: 'Sessize alınacak kelime',
  mutedEmpty: 'Sessize alınan kelime yok',
  mutedDuplicate: 'Bu kelime zaten listede',
  mutedTooMany: 'En fazla {max} kelime sessize alınabilir',
  mutedTooLong: 'Kelime en fazla {max} karakter olabilir',
  removeMuted: '{word} kelimesini kaldır',
  notificationCompleted: 'Bildirim tamamlandı',
  completedBy: 'Tamamlayan: {name}',
  newNotification: 'Yeni bildirim',
  preferencesSaveFailed: 'Tercihleriniz kaydedilemedi',

  // ---- Profile ----
  profileLoadFailed: 'Profil bilgileri yüklenemedi',
  counterLeads: 'Lead',
  counterCustomers: 'Müşteri',
  counterConversion: 'Ortalama dönüşüm süresi',
  days: 'gün',
  currentPassword: 'Mevcut şifre',
  newPassword: 'Yeni şifre',
  repeatPassword: 'Yeni şifre (tekrar)',
  changePassword: 'Şifreyi değiştir',
  passwordFieldsRequired: 'Üç şifre alanını da doldurun',
  activityUpdated: 'Güncellenen lead',
  activityViewed: 'Görüntülenen lead',
  activityNoted: 'Not yazılan lead',
  activityFirst: 'İlk işlem',
  activityLast: 'Son işlem',
  activityEmpty: 'Henüz bir etkinliğiniz yok',
  contactTitle: 'Dahili ve Telegram',
  dahili: 'Dahili',
  telegramId: 'Telegram id',
  appearanceTitle: 'Görünüm',
  layoutLabel: 'Menü yerleşimi',
  layoutSidebar: 'Menü solda',
  layoutTop: 'Menü üstte',
  darkMode: 'Koyu tema',
  appearanceSaved: 'Görünüm kaydedildi',
  globalShortcut: 'Genel arama kısayolu',
  globalShortcutHint:
    'Uygulama arka plandayken de aramayı açar. Örnek: CommandOrControl+Shift+K. Boş bırakılırsa kapanır.',
  globalShortcutSaved: 'Kısayol kaydedildi',
  globalShortcutFailed: 'Kısayol kaydedilemedi',

  // ---- Dashboard ----
  calendarTitle: 'Takvim',
  today: 'Bugün',
  previousMonth: 'Önceki ay',
  nextMonth: 'Sonraki ay',
  calendarLoadFailed: 'Takvim yüklenemedi',
  calendarEmpty: 'Bu ay hatırlatma yok',
  moreEvents: '+{count} daha',
  chartsTitle: 'Lead istatistikleri',
  leadsChartTitle: 'Günlük lead sayısı',
  statusChartTitle: 'Lead durumları',
  leadCount: 'Lead sayısı',
  chartsEmpty: 'Bu tarih aralığında lead yok',
  chartsLoadFailed: 'Grafikler yüklenemedi',
  rangeLast7: 'Son 7 gün',
  rangeLast30: 'Son 30 gün',
  rangeLast90: 'Son 90 gün',
  rangeInvalid: 'Başlangıç bitişten sonra olamaz',
} as const;
