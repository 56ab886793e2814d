/**
 * Turkish texts of the shared date / date-time picker (Blueprint's DateInput would otherwise show its
 * English defaults). Kept apart from ui-texts.ts because several people edit that file at once.
 */
export const dateTexts = {
  datePlaceholder: 'GG.AA.YYYY',
  dateTimePlaceholder: 'GG.AA.YYYY SS:dd',
  invalidDate: 'Geçersiz tarih',
  outOfRange: 'Tarih izin verilen aralığın dışında',
  today: 'Bugün',
  clear: 'Temizle',
  previousMonth: 'Önceki ay',
  nextMonth: 'Sonraki ay',
  month: 'Ay',
  year: 'Yıl',
} as const;
