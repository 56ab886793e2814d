/** Renderer texts of calls: the outcome toast and the lead's call history (Geçmiş tab). */
export const callTexts = {
  outcomeTitle: 'Arama sonucu',
  historyTitle: 'Aramalar',
  historyEmpty: 'Bu kayıtla henüz arama yapılmadı',
  plainCall: 'Doğrudan arama',
  lineCall: '{line} hattı',
  awaitingOutcome: 'Sonuç bekleniyor',
  stateQueued: 'Santrale iletildi',
  statePending: 'Santral yanıtı bekleniyor',
  stateLogged: 'Kaydedildi (santral yok)',
  stateFailed: 'Başlatılamadı',
} as const;
