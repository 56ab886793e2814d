/**
 * Turkish names of the dashboard calendar, independent of dayjs's loaded locale (see docs/requirements.md#calls Calendar).
 */
export const calendarTexts = {
  /** Monday first. */
  weekdaysShort: ['Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt', 'Paz'],
  months: [
    'Ocak',
    'Şubat',
    'Mart',
    'Nisan',
    'Mayıs',
    'Haziran',
    'Temmuz',
    'Ağustos',
    'Eylül',
    'Ekim',
    'Kasım',
    'Aralık',
  ],
} as const;
