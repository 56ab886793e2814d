/** Labels of the lead remitter form (spec 2 §3), used where the registry does not name the field. */
export const remitterTexts = {
  name: 'Ad Soyad',
  tc: 'TC Kimlik No',
  city: 'İl',
  ilce: 'İlçe',
  email: 'E-posta',
  description: 'Açıklama',
} as const;
