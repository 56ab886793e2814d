/**
 * Turkish texts the renderer needs that the shared catalogue (src/shared/i18n/messages.ts) does not hold
 * yet. They live here only until the catalogue owner moves them over; screens import spec wording from
 * `messages` and fall back to this file for interface chrome the spec does not quote.
 */
export const uiTexts = {
  appName: 'Aracı Kurum CRM',
  refresh: 'Yenile',
  previousPage: 'Önceki sayfa',
  nextPage: 'Sonraki sayfa',
  firstPage: 'İlk sayfa',
  lastPage: 'Son sayfa',
  pageOf: 'Sayfa {page} / {pages}',
  unexpectedError: 'Beklenmeyen bir hata oluştu',
  reloadPage: 'Sayfayı yenile',
  pageNotFound: 'Sayfa bulunamadı',
  pageNotFoundDetail: 'Aradığınız sayfa bu sürümde bulunmuyor veya adres hatalı.',
  goHome: 'Ana sayfaya dön',
  loginTitle: 'Giriş',
  loginSubtitle: 'Hesabınızla oturum açın',
  signingOut: 'Çıkış yapılıyor',
  checkingSession: 'Oturum kontrol ediliyor',
  changeServer: 'Sunucu adresini değiştir',
  serverLabel: 'Sunucu: {url}',
  embeddedServerLabel: 'Gömülü sunucu',
  setupTitle: 'CRM sunucusunu seçin',
  setupIntro:
    'Uygulamanın hangi CRM sunucusuyla çalışacağını seçin. Bu ayarı daha sonra değiştirebilirsiniz.',
  useRemoteServer: 'Şirketimin CRM adresini gir',
  serverAddressPlaceholder: 'https://crm.sirketiniz.com/api',
  serverAddressRequired: 'Sunucu adresi zorunludur',
  serverAddressInvalid: 'Geçerli bir adres girin (http:// veya https:// ile başlamalı)',
  serverCannotChangeOnWeb: 'Web sürümünde sunucu adresi değiştirilemez',
  notFoundDetail: 'Adres bir CRM sunucusuna ait değil ya da sunucu bu uygulamanın dilini konuşmuyor.',
  tableMismatch: 'Sunucu istenenden farklı bir tablonun verisini gönderdi',
  menuEmpty: 'Görebileceğiniz bir tablo yok',
  dashboardEmpty: 'Ana sayfada gösterilecek tablo yok',
  listLoadFailed: 'Liste yüklenemedi',
  menuLoadFailed: 'Menü yüklenemedi',
} as const;
