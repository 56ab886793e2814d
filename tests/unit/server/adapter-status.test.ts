import { describe, expect, it } from 'vitest';
import { describeAdapters } from '../../../src/server/adapters/adapter-status';
import { smtpTarget } from '../../../src/server/adapters/mail/smtp-mail-adapter';

describe('describeAdapters (the start-up banner)', () => {
  it('says plainly when calls are only logged and e-mails only written to the outbox', () => {
    expect(
      describeAdapters({
        telephony: { kind: 'log-only', target: null, check: null },
        mail: { kind: 'outbox', target: null },
      }),
    ).toEqual([
      'Santral: yok, aramalar yalnızca kaydediliyor (log only; AMI_HOST ayarlanmamış)',
      'E-posta: SMTP yok, e-postalar mail_outbox tablosuna yazılıyor (outbox only; SMTP_URL ayarlanmamış)',
    ]);
  });

  it('names the PBX and the SMTP server, and whether the PBX let us in', () => {
    const ok = describeAdapters({
      telephony: { kind: 'ami', target: '10.0.0.5:5038', check: { ok: true } },
      mail: { kind: 'smtp', target: 'smtp.araci.test:587' },
    });
    expect(ok).toEqual([
      'Santral: Asterisk AMI 10.0.0.5:5038, bağlantı ve giriş başarılı',
      'E-posta: SMTP smtp.araci.test:587',
    ]);
    const [refused] = describeAdapters({
      telephony: {
        kind: 'ami',
        target: '10.0.0.5:5038',
        check: {
          ok: false,
          message: 'Santral girişi reddedildi, lütfen sistem yöneticinize başvurun',
          detail: 'Asterisk manager login rejected: Authentication failed',
        },
      },
      mail: { kind: 'outbox', target: null },
    });
    expect(refused).toBe(
      'Santral: Asterisk AMI 10.0.0.5:5038, BAĞLANILAMADI: Santral girişi reddedildi, lütfen sistem ' +
        'yöneticinize başvurun (Asterisk manager login rejected: Authentication failed)',
    );
  });
});

describe('smtpTarget', () => {
  it('shows host and port, never the credentials', () => {
    expect(smtpTarget('smtp://crm:gizli@smtp.araci.test:2525')).toBe('smtp.araci.test:2525');
    expect(smtpTarget('smtp://smtp.araci.test')).toBe('smtp.araci.test:587');
    expect(smtpTarget('smtps://u:p@mail.araci.test')).toBe('mail.araci.test:465');
    expect(smtpTarget('bozuk')).toBeNull();
  });
});

describe('describeAdapters: the trading platform', () => {
  it('names the ledger or the MT5 address', () => {
    const base = {
      telephony: { kind: 'log-only', target: null, check: null },
      mail: { kind: 'outbox', target: null },
    } as const;
    expect(describeAdapters({ ...base, trading: { kind: 'ledger', target: null } })[2]).toBe(
      'İşlem platformu: yerleşik hesap defteri (ledger; MT5_URL ayarlanmamış)',
    );
    expect(
      describeAdapters({ ...base, trading: { kind: 'mt5', target: 'https://mt5.example.com' } })[2],
    ).toBe('İşlem platformu: MT5 Web API https://mt5.example.com');
  });
});
