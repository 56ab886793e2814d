/**
 * Turkish texts only the server sends: HTTP-level refusals, a few service texts, the refusals of an
 * admin's row restriction (see docs/requirements.md#constants-and-limits) and values the database refused. Placeholders look like {name}.
 */
/** HTTP-level refusals and a few service texts the shared catalogue does not hold. */
export const serverMessages = {
  notLoggedIn: 'Bu işlem için giriş yapmalısınız',
  routeNotFound: 'İstenen adres bulunamadı',
  optionListNotFound: 'Böyle bir seçenek listesi yok',
  requiredField: 'Zorunlu alan eksik: {field}',
  tooManyLoginAttempts: 'Çok fazla hatalı giriş denemesi. Lütfen {minutes} dakika sonra tekrar deneyin',
  tooManyLoginAttemptsSeconds:
    'Çok fazla hatalı giriş denemesi. Lütfen {seconds} saniye sonra tekrar deneyin',
  payloadTooLarge: 'Gönderilen veri çok büyük',
  unsupportedMediaType: 'Desteklenmeyen içerik türü',
  tooManyRequests: 'Çok fazla istek gönderildi, lütfen biraz bekleyin',
  uriTooLong: 'İstenen adres çok uzun',
  headersTooLarge: 'İstek başlıkları çok büyük',
  requestTimeout: 'İstek zaman aşımına uğradı',
  /** The call queue is full or the call waited its longest: nothing was done, it may be sent again. */
  serverBusy: 'Sunucu şu anda çok yoğun; işleminiz yapılmadı, lütfen birkaç saniye sonra tekrar deneyin',
  originNotAllowed: 'Bu adresten gelen isteklere izin verilmiyor',
  invalidPreflight: 'Geçersiz ön kontrol (CORS) isteği',
} as const;

/** Refusal texts of a row restriction, shown to the admin who saves it. */
export const restrictionMessages = {
  empty: 'Satır kısıtlaması boş',
  tooLong: 'Satır kısıtlaması çok uzun veya çok karmaşık',
  syntax: 'Satır kısıtlaması çözümlenemedi; yazımını kontrol edin',
  syntaxNear: 'Satır kısıtlaması çözümlenemedi: "{near}" yakınında bir yazım hatası var',
  syntaxEnd: 'Satır kısıtlaması çözümlenemedi: ifade yarım kalmış (kapanmamış parantez veya tırnak olabilir)',
  singleCondition: 'Satır kısıtlaması tek bir koşul olmalı: noktalı virgül ve yorum kullanılamaz',
  dollar:
    'Satır kısıtlamasında $ karakteri kullanılamaz; kullanıcı değerleri için {user.id} gibi yer tutucular kullanın',
  placeholderInText: 'Yer tutucular tırnak içinde kullanılamaz',
  unknownPlaceholder: 'Satır kısıtlamasında bilinmeyen yer tutucu: {placeholder}',
  notAllowed: 'Satır kısıtlamasında izin verilmeyen ifade: {construct}',
  unknownColumn: 'Satır kısıtlamasında bilinmeyen sütun: {column}',
  invalidStored: 'Bu tablo için tanımlı satır kısıtlaması geçersiz, lütfen yöneticinize başvurun',
} as const;

/** Names an admin recognises for the parser's node kinds they are most likely to try. */
export const restrictionConstructNames: Readonly<Record<string, string>> = {
  FuncCall: 'fonksiyon çağrısı',
  SubLink: 'alt sorgu',
  TypeCast: 'tür dönüşümü',
  ColumnRef: 'tablo adıyla nitelenmiş sütun',
  ParamRef: 'parametre',
  CaseExpr: 'CASE',
  CoalesceExpr: 'COALESCE',
  AEXPR_LIKE: 'LIKE',
  AEXPR_ILIKE: 'ILIKE',
  AEXPR_BETWEEN: 'BETWEEN',
  AEXPR_OP_ANY: 'ANY',
  AEXPR_OP_ALL: 'ALL',
  AEXPR_DISTINCT: 'IS DISTINCT FROM',
};

/** Texts for values the database refused. */
export const databaseMessages = {
  duplicateValue: 'Bu değer başka bir kayıtta zaten kullanılıyor, lütfen farklı bir değer girin',
  /** The statement ran past PG_STATEMENT_TIMEOUT_MS and PostgreSQL stopped it. */
  statementTimeout:
    'İşlem zaman aşımına uğradı ve durduruldu. Lütfen filtreleri daraltıp biraz sonra tekrar deneyin',
} as const;

/** The first start's admin account (CRM_ADMIN_*): its team and name, and what is wrong in its settings. */
export const bootstrapTexts = {
  adminTeamName: 'Yönetim',
  adminDefaultName: 'Yönetici',
  adminEmailInvalid: 'CRM_ADMIN_EMAIL geçerli bir e-posta adresi olmalı',
  adminPasswordTooShort: 'CRM_ADMIN_PASSWORD en az {min} karakter olmalı',
} as const;
