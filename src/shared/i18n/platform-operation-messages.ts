/**
 * Turkish texts of platform operations: the money moves on trading accounts the CRM records first and
 * sends afterwards, the funding of completed deposits and the reconciliation (docs/money.md).
 */
export const platformOperationMessages = {
  statePending: 'Bekliyor',
  stateSending: 'Gönderiliyor',
  stateDone: 'Tamamlandı',
  stateFailed: 'Başarısız',
  queued: 'İşlem kaydedildi, platforma gönderiliyor',
  retrying: '{reason}; yeniden denenecek ({attempt}/{max})',
  requestKeyInvalid: 'Geçersiz istek anahtarı',
  requestKeyReused: 'Bu istek anahtarı başka bir işlem için kullanıldı; pencereyi kapatıp yeniden deneyin',
  // Funding a completed deposit.
  fundOnlyRisk: 'Yatırımı hesaba yalnızca risk departmanı aktarabilir',
  fundQueued: 'Yatırım hesaba aktarılmak üzere kaydedildi',
  fundNotDeposit: 'Yalnızca yatırımlar hesaba aktarılabilir',
  fundNotCompleted: 'Yalnızca tamamlanmış yatırımlar (Yatırım Tamamlandı) hesaba aktarılabilir',
  fundNoAmount: 'Risk onayında geçerli bir platform tutarı yok; yatırım hesaba aktarılamaz',
  fundAccountMissing: 'Yatırımın hesabı ({login}) müşterinin gerçek platform hesapları arasında yok',
  fundAlready: 'Bu yatırım hesaba zaten aktarıldı (işlem #{id}: {state})',
  fundComment: 'Yatırım T{id}',
  // Journal entries (keys of the lead's and the transaction's journal).
  journalFunding: 'Hesaba aktarım',
  journalQueued: '{amount} {state} (işlem #{id})',
  journalSettled: '{state} (işlem #{id}{ticket})',
  journalTicket: ', ticket {ticket}',
  // Reconciliation (a notification to risk).
  reconcileTitle: 'Platform Mutabakat Farkı',
  reconcileBody: '{login} hesabı: CRM {crm}, platform {platform}. {findings}',
  reconcileMissing: 'işlem #{id} ({amount}) platformda yok',
  reconcileAmount: 'işlem #{id} CRM’de {amount}, platformda {booked}',
  reconcileFailedBooked: 'başarısız görünen işlem #{id} platformda kayıtlı (ticket {ticket})',
  reconcileUnknown: 'CRM’de karşılığı olmayan platform kaydı (ticket {ticket}, {amount})',
} as const;
