/** What `npm start` and `npm run serve` tell the person at the terminal (Turkish, like the server CLI). */
export const startMessages = {
  electronMissing: (looked: string) =>
    `Electron masaüstü programı bu makinede yok (${looked} bulunamadı); tarayıcı sürümü başlatılıyor.`,
  noDisplay:
    'Ekran yok (DISPLAY / WAYLAND_DISPLAY boş), masaüstü penceresi açılamaz; tarayıcı sürümü başlatılıyor.',
  webRequested: 'Tarayıcı sürümü başlatılıyor (--web).',
  invalidPort: (raw: string) => `PORT geçersiz: ${raw} (0-65535 arası bir sayı olmalı).`,
  portTaken: (port: number) =>
    `${port} portu kullanımda (başka bir program ya da açık kalmış bir CRM sunucusu); başka port için: PORT=${port + 1} npm start`,
  webBuilding: 'Web sürümü derleniyor (kaynakları değişti ya da hiç derlenmemiş)...',
  webBuilt: (outDir: string) => `Web sürümü derlendi: ${outDir}`,
  webCurrent: (outDir: string) => `Web sürümü güncel, yeniden derlenmedi: ${outDir}`,
  serverStarting: 'CRM sunucusu başlatılıyor (ilk başlatmada demo verileri yüklenir)...',
  serverFailed: (detail: string) => `CRM sunucusu başlatılamadı: ${detail}`,
  ready: (url: string) => `Hazır: ${url} (giriş sayfası; durdurmak için Ctrl+C)`,
  opening: 'Varsayılan tarayıcıda açılıyor.',
  noBrowser: (url: string) =>
    `Tarayıcı açılmadı (BROWSER=none, ekran ya da xdg-open/open yok); bu adresi açın: ${url}`,
} as const;
