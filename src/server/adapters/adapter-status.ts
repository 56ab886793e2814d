import type { MailAdapterKind } from './mail/mail-types';
import type { TelephonyCheck, TelephonyKind } from './telephony/telephony-types';

/** Which outside-world adapters a server runs with, and how the PBX answered at start. */
export interface AdapterStatus {
  telephony: {
    kind: TelephonyKind;
    /** host:port of the PBX; null for log-only. */
    target: string | null;
    /** The connection check at start; null when there is nothing to check (log-only). */
    check: TelephonyCheck | null;
  };
  mail: {
    kind: MailAdapterKind;
    /** host:port of the SMTP server; null for the outbox (or an adapter that does not say). */
    target: string | null;
  };
  /** The trading platform (see docs/money.md); absent in statuses made before it existed (tests). */
  trading?: {
    kind: 'ledger' | 'mt5';
    /** The MT5 Web API origin; null for the built-in ledger. */
    target: string | null;
  };
}

/**
 * The start-up banner's lines about the adapters, so whoever starts the server sees at once whether
 * calls reach a PBX and e-mails an SMTP server, or only the call log and the outbox table.
 */
export function describeAdapters(status: AdapterStatus): string[] {
  const { telephony, mail } = status;
  let phone: string;
  if (telephony.kind === 'log-only') {
    phone = 'Santral: yok, aramalar yalnızca kaydediliyor (log only; AMI_HOST ayarlanmamış)';
  } else {
    const where = `Santral: Asterisk AMI ${telephony.target ?? ''}`;
    const check = telephony.check;
    phone =
      check === null || check.ok
        ? `${where}, bağlantı ve giriş başarılı`
        : `${where}, BAĞLANILAMADI: ${check.message} (${check.detail})`;
  }
  const email =
    mail.kind === 'outbox'
      ? 'E-posta: SMTP yok, e-postalar mail_outbox tablosuna yazılıyor (outbox only; SMTP_URL ayarlanmamış)'
      : `E-posta: SMTP ${mail.target ?? ''}`.trimEnd();
  if (!status.trading) return [phone, email];
  const trading =
    status.trading.kind === 'mt5'
      ? `İşlem platformu: MT5 Web API ${status.trading.target ?? ''}`.trimEnd()
      : 'İşlem platformu: yerleşik hesap defteri (ledger; MT5_URL ayarlanmamış)';
  return [phone, email, trading];
}
