/**
 * Turkish texts of trading-platform accounts (see docs/requirements.md#lead-workspace-and-work-screens platformlar, #messages-the-user-reads, #constants-and-limits). Kept beside the main
 * catalogue so the platforms module owns its wording; the spec's own texts are spelled as there.
 */
export const platformMessages = {
  // ---- docs/requirements.md#messages-the-user-reads, #constants-and-limits ----
  success: 'Başarılı',
  error: 'Hata',
  moneyFailed: 'Yükleme/Çekim yapılırken hata oluştu girdiğiniz bilgileri kontrol ediniz',
  buy: 'Alış',
  sell: 'Satış',
  buyLimit: 'Alış Limit',
  sellLimit: 'Satış Limit',
  buyStop: 'Alış Stop',
  sellStop: 'Satış Stop',

  // ---- Ours ----
  loginRequired: 'Login zorunludur',
  loginInvalid: 'Login yalnızca rakamlardan oluşmalı (en fazla 18 hane)',
  typeInvalid: 'Platform türü Demo veya Real olmalı',
  leverageInvalid: 'Kaldıraç 1 ile 1000 arasında bir tam sayı olmalı',
  onlyRisk: 'Platform hesabına yatırım ve çekimi yalnızca risk departmanı yapabilir',
  loginTaken: 'Bu login zaten bir platform hesabına ait',
  accountMissing: 'Platform hesabı bulunamadı',
  noMoney: 'Hesapta yeterli bakiye yok',
  platformUnavailable: 'İşlem platformuna ulaşılamadı, lütfen daha sonra tekrar deneyin',
  platformRefused: 'İşlem platformu isteği reddetti ({code})',
  platformCreated: 'Platform hesabı açıldı',
  ambiguousLogin: 'Bu login birden fazla hesapta var; hesabı listeden seçin',
  depositComment: 'CRM yatırım',
  withdrawalComment: 'CRM çekim',
  insertThroughCreate: 'Platform hesabı yalnızca Platformlar sekmesindeki Platform Ekle ile açılır',
  loginLocked: 'Platform hesabının login ve türü değiştirilemez',
  whitelabelInvalid: 'Geçersiz whitelabel',
  noticeDepositTitle: 'Platform Yatırımı',
  noticeWithdrawalTitle: 'Platform Çekimi',
  noticeDepositBody: '{login} numaralı hesaba {amount} yatırıldı ({agent})',
  noticeWithdrawalBody: '{login} numaralı hesaptan {amount} çekildi ({agent})',
  journalAccount: 'Platform hesabı',
  journalDeposit: 'Platform yatırım ({login})',
  journalWithdrawal: 'Platform çekim ({login})',
} as const;
