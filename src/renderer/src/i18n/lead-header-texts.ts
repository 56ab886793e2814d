/** Texts of the lead header's offer menu (docs/user-guide.md#offers-from-the-lead). */
export const leadHeaderTexts = {
  prepareOffer: 'Teklif Hazırla',
  offerLoading: 'Şablonlar yükleniyor',
  offerNone: 'Henüz teklif şablonu yok',
};
