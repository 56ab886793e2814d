/**
 * Turkish texts of the report builder (/reports, docs/requirements.md#lead-workspace-and-work-screens, #money-importer-and-lead-input, #departments-and-permissions, #messages-the-user-reads), shared by the server's refusals
 * and the screen. Texts quoted by the spec are kept exactly as spelled there.
 */
export const reportBuilderMessages = {
  title: 'Raporlar',
  reportFailed: 'Rapor oluşturulamadı',
  checkFilterValues: 'Lütfen filtre değerlerini kontrol edin',
  deleteConfirm: 'Rapor silinecek eminmisiniz ?',
  updateReport: 'Raporu Güncelle',
  addChart: 'Chart ekle',
  deleteReport: 'Raporu sil',
  saveReport: 'Raporu Kaydet',
  reportSaved: 'Rapor kaydedildi',
  reportUpdated: 'Rapor güncellendi',
  chartAdded: 'Grafik rapora eklendi',
  reportDeleted: 'Rapor silindi',
  // Refusals of the server.
  unbounded:
    'Bu rapor tüm kayıtları taramayı gerektirir: en fazla {days} günlük bir tarih aralığı (Arasında filtresi, başlangıç ve bitiş ile) ya da {fields} alanlarından birine Eşittir / Çoklu seçim filtresi ekleyin',
  rangeTooLong: 'Rapor tarih aralığı en fazla {days} gün olabilir',
  fieldHidden: 'Bu raporun alanlarını görme yetkiniz yok',
  xaxisRequired: 'X ekseni seçin',
  xaxisNotDate: 'Günlük ve aylık raporlarda X ekseni bir tarih alanı olmalıdır',
  sumFieldRequired: 'Toplam (SUM) için sayısal bir alan seçin',
  sumFieldNotNumeric: 'Toplam (SUM) yalnızca sayısal bir alanla yapılabilir',
  notGroupable: '{field} alanına göre gruplanamaz',
  listFieldsRequired: 'Liste raporu için en az bir alan seçin',
  adminOnly: 'Bu işlemi yalnızca yöneticiler yapabilir',
  nameRequired: 'Rapor adı zorunludur',
  // Labels of results.
  noValue: 'Belirtilmemiş',
  others: 'Diğer ({count} değer)',
  countLabel: 'Adet',
  sumLabel: 'Toplam {field}',
  total: 'Toplam',
  yes: 'Evet',
  no: 'Hayır',
} as const;
