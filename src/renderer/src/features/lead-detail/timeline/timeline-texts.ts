/** The timeline tab's own texts (the items' texts come from the server, shared/i18n/timeline-messages). */
export const timelineTexts = {
  filterLabel: 'Gösterilecek türler',
  empty: 'Bu kayıtta henüz bir hareket yok',
  page: 'Sayfa {page} / {pages} · {total} hareket',
  previous: 'Önceki sayfa',
  next: 'Sonraki sayfa',
} as const;
