/** Renderer-only texts of the field renderers and editors added for every component type (see docs/requirements.md#records-notes-and-settings). */
export const componentTexts = {
  /** clickShow: the value stays masked until asked for. */
  clickToShow: 'Göstermek için tıklayın',
  showValue: 'Göster',
  hideValue: 'Gizle',
  /** modal / json: the whole value in a dialog. */
  showAll: 'Tamamını göster',
  jsonTitle: '{field} (JSON)',
  formatJson: 'Biçimlendir',
  /** icon: the picker. */
  pickIcon: 'Simge seç',
  searchIcon: 'Simge ara',
  noIconMatch: 'Eşleşen simge yok',
  iconCount: '{shown} / {total} simge',
  /** leadDetailModal: the lead's card. */
  leadCard: 'Lead #{id}',
  openLeadDetail: 'Lead detayına git',
} as const;
