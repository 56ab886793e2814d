/**
 * Turkish labels of the shared domain rules and the contract's validation texts, kept apart from
 * `messages` (which many people edit) so the rules in src/shared/domain hold no text of their own.
 */

/** Filter types 1-12 as the search drawer names them (see docs/requirements.md#filters-and-list-input). */
export const filterTypeLabels = {
  1: 'Eşittir',
  2: 'İçerir',
  3: 'İçermez',
  4: 'Büyüktür',
  5: 'Küçüktür',
  6: 'Büyük eşit',
  7: 'Küçük eşit',
  8: 'İle başlar',
  9: 'İle biter',
  10: 'Arasında',
  11: 'Çoklu seçim',
  12: 'Çoklu hariç',
} as const;

/** The date quick options (see docs/requirements.md#filters-and-list-input), by key. */
export const dateQuickRangeLabels = {
  today: 'Bugün',
  yesterday: 'Dün',
  last2Days: '2 gün',
  last3Days: '3 gün',
  last4Days: '4 gün',
  last5Days: '5 gün',
  last6Days: '6 gün',
  last1Week: '1 hafta',
  last2Weeks: '2 hafta',
  last3Weeks: '3 hafta',
  monthStart: 'Ay başından beri',
  last30Days: '30 gün',
  last60Days: '60 gün',
  last90Days: '90 gün',
  last120Days: '120 gün',
  last150Days: '150 gün',
  last180Days: '180 gün',
  custom: 'Özel',
} as const;

/** The fast call's lines ("hat"), by line prefix. */
export const callLineLabels = {
  0: 'İstanbul',
  80: 'İzmir',
  90: 'Ankara',
} as const;

/** Texts of the contract's own schema checks. */
export const contractTexts = {
  passwordRequired: 'Şifre zorunludur',
  invalidTableName: 'Geçersiz tablo adı',
  invalidFieldName: 'Geçersiz alan adı',
  invalidDate: 'Geçersiz tarih',
  invalidPageAddress: 'Geçersiz sayfa adresi',
} as const;
