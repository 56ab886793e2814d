/**
 * The Turkish message catalogue. Texts quoted in the specs are kept exactly as
 * spelled there (including their typos) because users know them in that form.
 * Placeholders look like {name}; fill them with `format`.
 */
export const messages = {
  // ---- Login, session, shell (spec 1 §2, §8) ----
  login: 'Giriş yap',
  loginFailed: 'Hatalı Giriş',
  loginSuccess: 'Giriş başarılı',
  crmAccessProblem: 'Crm erişim sorunu',
  crmNotFound: 'Bu adreste kayıtlı bir CRM bulunamadı',
  retry: 'Tekrar dene',
  email: 'E-posta',
  password: 'Şifre',
  rememberMe: 'Beni hatırla',
  logout: 'Çıkış',
  welcome: 'Hoş geldin, {name}',
  profile: 'Profil',
  adminPanel: 'Yönetim Paneli',
  serverAddress: 'CRM sunucu adresi',
  useEmbeddedServer: 'Gömülü sunucuyu demo verilerle başlat',
  connect: 'Bağlan',
  menu: 'Menü',
  reports: 'Raporlar',
  favorites: 'Favoriler',
  favoritesEmpty: 'Favori listeniz boş',
  upcomingReminders: 'Yaklaşan 10 Hatırlatma',
  upcomingRemindersEmpty: 'Yaklaşan hatırlatma yok',
  home: 'Ana sayfa',
  back: 'Geri',
  nextLead: 'Sonraki kayıt',
  addFavorite: 'Favorilere ekle',
  search: 'Ara',
  searchPlaceholder: 'Müşteri ara (Ctrl+K)',
  noResults: 'Sonuç bulunamadı',
  notifications: 'Bildirimler',
  mutedKeywords: 'Sessize alınan kelimeler',
  detail: 'Detay',
  chunkLoadError: 'Sayfa yüklenemedi, lütfen sayfayı yenileyin',

  // ---- Profile (spec 1 §2, §8) ----
  passwordTab: 'Şifre',
  myActivities: 'Etkinliklerim',
  passwordUpdateFailed: 'Şifreniz güncellenemedi',
  dahiliUpdated: 'Dahiliniz güncellenmiştir',
  telegramIdUpdated: 'Telegram id güncellenmiştir',
  passwordUpdated: 'Şifreniz güncellenmiştir',

  // ---- Generic list (spec 1 §2, §5, §6) ----
  add: 'Ekle',
  edit: 'Düzenle',
  delete: 'Sil',
  save: 'Kaydet',
  cancel: 'İptal',
  close: 'Kapat',
  excelUpload: 'Excel Yükle',
  export: 'Dışa Aktar',
  loading: 'Yükleniyor',
  noRecords: 'Kayıt Bulunamadı',
  noRecordsMatch: 'Kriterlerinize uyan bir kayıt bulunamadı',
  totalRecords: 'Toplam Kayıt',
  totalRecordsCount: 'Toplam Kayıt: {total}',
  pageSize: 'Sayfa başına',
  page: 'Sayfa',
  selectedCount: 'Seçili: {count}',
  enterValue: 'Değer girin',
  bulkDeleteConfirm: 'Silinen kayıt geri getirelemez eminmisiniz ?',
  bulkDeleteNotesConfirm: 'Silinen notlar geri getirilemez, emin misiniz?',
  favoriteFilterDeleteConfirm: 'Favori filtre silinecek, emin misiniz?',
  bulkSameFields: 'Güncellenecek alanların ikiside aynı olmamalı',
  bulkFieldRequired: 'Güncellenecek alanı seçin',
  favoriteFilterNameRequired: 'Favori filtre adı zorunludur',
  dahiliRequired: 'Arama yapabilmek için profilinizden dahili numaranızı girin',
  invalidPhoneForCall: 'Arama için 10 haneli geçerli bir telefon numarası gerekli',
  pleaseWait: 'Lütfen bekleyin',
  preparingFiles: 'Dosyalar hazırlanıyor',
  exportFailed: 'Dosya oluşturulamadı veya dosya yok.',
  exportToExcel: "Excel'e Aktar",
  exportSaving: 'Dosya kaydediliyor',
  exportSaved: 'Dosya kaydedildi',
  exportSaveFailed: 'Dosya kaydedilemedi',
  exportCanceled: 'Kaydetme iptal edildi',
  exportTooManyRows: 'En fazla {max} kayıt dışa aktarılabilir, lütfen filtreleri daraltın',
  exportFileNotFound: 'Dosya bulunamadı veya indirme süresi doldu',
  exportUnavailable: 'Bu ortamda dosya kaydedilemiyor',
  onlyRoot: 'only root',

  // ---- Bulk actions, favourite filters, calls (server answers of issue 3) ----
  bulkNoneSelected: 'Kayıt seçilmedi',
  bulkTooMany: 'Tek seferde en fazla {max} kayıt seçilebilir',
  bulkUpdated: '{count} kayıt güncellendi',
  bulkDeleted: '{count} kayıt silindi',
  bulkNotesDeleted: '{count} not silindi',
  recordInUse: 'Kayıt başka kayıtlarda kullanıldığı için silinemez',
  favoriteFilterSaved: 'Favori filtre kaydedildi',
  favoriteFilterRemoved: 'Favori filtre silindi',
  favoriteFilterLimit: 'Bu tablo için en fazla {max} favori filtre kaydedilebilir',
  callNumberNotOfLead: 'Bu numara bu kayda ait değil',

  // ---- Saving (spec 1 §8, spec 2 §8) ----
  operationFailed: 'İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz',
  operationFailedWithMessage: 'İşlem başarısız, yaptığınız işlemi tekrar kontrol ediniz ({message})',
  savedSuccessfully: 'İşlem başarıyla kaydedildi',
  updateSuccessful: 'Güncelleme başarılı',
  error: 'Hata',
  success: 'Başarılı',

  // ---- Notes, reminders, notifications (spec 1 §4, §5, §8) ----
  noteBodyRequired: 'Not içeriği zorunludur',
  noteSaved: 'Not başarıyla kaydedildi',
  descriptionSaved: 'Açıklama kaydedildi',
  phoneCallPlanned: 'Telefon Araması Planlandı',
  remindMe: 'Bana Hatırlat',
  complete: 'Tamamla',
  completed: 'Tamamlandı',
  overdue: 'Gecikmiş',
  platformLogin: 'Platform Girişi',

  // ---- Lead detail (spec 2 §2, §5, §8) ----
  tabPersonalInfo: 'Kişisel Bilgiler',
  tabTasks: 'Görevler',
  tabPlatforms: 'Platformlar',
  tabMoney: 'Para Yatırma/Çekme',
  tabMatchingRecords: 'Eşleşen Kayıtlar',
  tabHistory: 'Geçmiş',
  tabFiles: 'Dosyalar',
  tabSurveys: 'Anketler',
  tabThirdParties: '3. Şahıs Bilgileri',
  tabNotes: 'Notlar',
  tabEmails: 'E-Mail',
  tabReminders: 'Hatırlatmalar',
  leadRef: '#LEAD{id}',
  convertConfirm: 'Bu işlem geri alınamaz, bu başvuruyu müşteri yapmak istediğinize eminmisiniz ?',
  convertSuccess: 'Tebrikler 1 müşteri daha kazandınız',
  convertFirst: 'Para işlemi için önce başvuruyu müşteri yapın',
  moneyMissingFields: 'Para işlemi için eksik bilgiler: {fields}',
  noPlatform: 'Tanımlı platform bulunamadı',
  noMoneyOperation: 'Para yatırma veya çekme işlemi yapılamaz',
  creditCardPending: 'Kredi Kartı ödemesi bekleniyor',
  invalidIban: 'Geçersiz IBAN numarası',
  withdrawalCommentRequired: 'Çekim için açıklama zorunludur',
  remitterTcRequired: 'TC kimlik numarası zorunludur',
  platformLoginRequired: 'Login zorunludur',
  fileCategoryRequired: 'Önce dosya kategorisi seçin',
  fileTypeNotAllowed: 'Yalnızca jpeg, png ve jpg dosyaları yüklenebilir',
  platformMoneyFailed: 'Yükleme/Çekim yapılırken hata oluştu girdiğiniz bilgileri kontrol ediniz',
  viewAnswers: 'Cevapları gör',
  answer: 'Cevapla',
  deposit: 'YATIRIM',
  withdrawal: 'ÇEKİM',

  // ---- Tasks, transactions, surveys (spec 2 §2) ----
  tasks: 'Görevler',
  openTasksTab: 'GÖREVLER',
  completedTasksTab: 'TAMAMLANMIŞ GÖREVLER',
  transactionsAll: 'Tümü',
  transactionsPending: 'Bekleyen',
  transactionsCompleted: 'Tamamlanan',
  transactionsCancelledRejected: 'İptal ve Reddedilen',
  questionText: 'Girdi',
  questionChoice: 'Seçenek',
  questionMultiChoice: 'ÇokluSeçenek',
  questionYesNo: 'Evet/Hayır',
  yes: 'evet',
  no: 'hayır',
  bidNameQuestion: 'İsim Soyisim',
  orderBuy: 'Alış',
  orderSell: 'Satış',
  orderBuyLimit: 'Alış Limit',
  orderSellLimit: 'Satış Limit',

  // ---- Admin and reports (spec 2 §2, §5, §6, §8) ----
  accountManagement: 'Hesap Yönetimi',
  salesProcessCustomization: 'Satış süreci özelleştirme',
  resetCache: 'Reset Cache',
  utmReport: 'Utm Raporu',
  reportFailed: 'Rapor oluşturulamadı',
  checkFilterValues: 'Lütfen filtre değerlerini kontrol edin',
  reportDeleteConfirm: 'Rapor silinecek eminmisiniz ?',
  updateReport: 'Raporu Güncelle',
  addChart: 'Chart ekle',
  deleteReport: 'Raporu sil',
  reportSaved: 'Rapor kaydedildi',
  periodicReportSaved: 'Periyodik rapor kaydedildi',
  reportDeleted: 'Rapor silindi',

  // ---- Importer (spec 2 §8; the spec quotes the English wording) ----
  importedCount: '({n}) tane kayıt başarılı olarak yüklendi',
  importNotEnoughColumns: 'Yeterli sütun yok',
  importMissingColumns: 'Eksik zorunlu sütunlar: {columns}',
  importSelectAllColumns: 'Tüm sütunları seçmeniz gerekiyor',
  importSelectFile: 'Bir dosya seçmeniz gerekiyor',
  importNoFile: 'Dosya seçilmedi',
  importInvalidFile: 'Bu dosya geçersiz. CSV veya Xlsx dosyası kullanmayı deneyin',
  importNoWorksheet: 'En az bir çalışma sayfası olmalı',
  importEmptyWorksheet: 'Çalışma sayfası boş',
  duplicateCheckResult: 'Eşleşen telefon: {count} / {total}',

  // ---- Server and client errors of this product ----
  invalidCredentials: 'E-posta veya şifre hatalı',
  sessionExpired: 'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
  forbidden: 'Bu işlem için yetkiniz yok',
  tableNotFound: 'Böyle bir tablo yok veya görme yetkiniz yok',
  recordNotFound: 'Böyle bir kayıt yok veya görmeye yetkiniz yok',
  invalidRequest: 'Geçersiz istek',
  invalidField: 'Geçersiz alan: {field}',
  invalidFilter: 'Geçersiz filtre: {field}',
  serverError: 'Sunucu hatası, lütfen daha sonra tekrar deneyin',
} as const;

export type MessageKey = keyof typeof messages;

/** Names between braces in a template literal type, e.g. 'a {x} b {y}' -> 'x' | 'y'. */
export type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** Known templates get their placeholder names checked; plain strings accept any names. */
export type FormatVars<T extends string> = string extends T
  ? Readonly<Record<string, string | number>>
  : Readonly<Record<Placeholders<T>, string | number>>;

/** Fills {name} placeholders; unknown names are left as written so a gap is visible. */
export function format<T extends string>(template: T, vars: FormatVars<T>): string {
  const values: Readonly<Record<string, string | number>> = vars;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
