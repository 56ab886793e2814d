/** Labels of the lead remitter form (see docs/requirements.md#lead-money-task-and-report-data), used where the registry does not name the field. */
export const remitterTexts = {
  name: 'Ad Soyad',
  tc: 'TC Kimlik No',
  city: 'İl',
  ilce: 'İlçe',
  email: 'E-posta',
  description: 'Açıklama',
} as const;
