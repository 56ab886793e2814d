/**
 * Turkish texts of lazily loaded screens (see docs/requirements.md#messages-the-user-reads: "Chunk load failure after 120 s: chunk load error").
 * Kept apart from ui-texts.ts because several people edit that file at once.
 */
export const routeTexts = {
  loadingScreen: 'Ekran yükleniyor',
  chunkLoadFailed: 'Ekran yüklenemedi',
  chunkLoadFailedDetail:
    'Ekranın dosyaları sunucudan alınamadı ya da 120 saniye içinde gelmedi. Bağlantınızı kontrol edip sayfayı yeniden yükleyin.',
  reload: 'Yeniden yükle',
} as const;
