import { workflowMessages } from '../../../shared/i18n/workflow-messages';

/**
 * Turkish texts of the telephony adapter that src/shared/i18n/messages.ts does not have (that file is
 * shared and owned elsewhere); candidates to move there. Placeholders are filled with `format`.
 */
export const telephonyMessages = {
  callQueued: 'Arama başlatıldı, önce dahili telefonunuz çalacak',
  /** A warning, never a success: nothing was dialled (docs/user-guide.md#calls). */
  callLoggedNoPbx: workflowMessages.callNoPbx,
  invalidDahili: 'Dahili numarası 2-8 haneli bir sayı olmalıdır',
  invalidCallLine: 'Geçersiz hat: İstanbul (0), İzmir (80) veya Ankara (90) seçin',
  pbxUnreachable: 'Santrale bağlanılamadı, lütfen daha sonra tekrar deneyin',
  pbxLoginFailed: 'Santral girişi reddedildi, lütfen sistem yöneticinize başvurun',
  pbxTimeout: 'Santral zamanında yanıt vermedi, lütfen tekrar deneyin',
  pbxConnectionLost: 'Santral bağlantısı koptu, lütfen tekrar deneyin',
  pbxRejected: 'Santral aramayı başlatmadı ({message})',
  pbxRejectedNoReason: 'Santral aramayı başlatmadı',
  outcomeAnswered: 'Dahili cevap verdi, numara aranıyor',
  outcomeUnreachable: 'Dahili telefona ulaşılamadı',
  outcomeHungUp: 'Arama kapatıldı',
  outcomeNoAnswer: 'Cevap verilmedi',
  outcomeBusy: 'Meşgul',
  outcomeCongestion: 'Hatlar yoğun, arama tamamlanamadı',
  outcomeFailed: 'Arama başarısız (sebep kodu {reason})',
  outcomeFailedNoReason: 'Arama başarısız',
  outcomeUnknown: 'Arama sonucu santralden alınamadı',
} as const;
