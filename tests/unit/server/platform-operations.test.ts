import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX,
  commentWithReference,
  newReference,
  referenceForRequest,
  referenceOf,
} from '../../../src/server/adapters/trading/balance-reference';
import { defaultBackoffMs } from '../../../src/server/jobs/platform-operations-job';
import { compareAccount } from '../../../src/server/jobs/platform-reconciliation-job';
import { operationErrorText } from '../../../src/shared/domain/platform-operations';
import { platformMessages } from '../../../src/shared/i18n/platform-messages';

describe('the reference of a platform operation in the deal comment', () => {
  it('is 12 characters of Crockford base 32, fresh each time', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newReference()));
    expect(seen.size).toBe(200);
    for (const reference of seen) expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
  });

  it('is the same for the same user and request key, and differs for another user or key', () => {
    expect(referenceForRequest(7, 'dialog-1')).toBe(referenceForRequest(7, 'dialog-1'));
    expect(referenceForRequest(7, 'dialog-1')).not.toBe(referenceForRequest(8, 'dialog-1'));
    expect(referenceForRequest(7, 'dialog-1')).not.toBe(referenceForRequest(7, 'dialog-2'));
    expect(referenceForRequest(7, 'dialog-1')).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
  });

  it('fits MT5’s 32 characters whatever the readable part, and is read back from it', () => {
    const reference = newReference();
    for (const comment of ['', 'CRM yatırım', 'Yatırım T123456', 'ç'.repeat(60), '  boşluklu   ']) {
      const text = commentWithReference(comment, reference);
      expect(text.length).toBeLessThanOrEqual(COMMENT_MAX);
      expect(text.endsWith(`#${reference}`)).toBe(true);
      expect(referenceOf(text)).toBe(reference);
    }
    expect(commentWithReference('CRM yatırım', 'ABCDEFGHJKMN')).toBe('CRM yatırım #ABCDEFGHJKMN');
  });

  it('is not found in comments the CRM did not write', () => {
    for (const comment of [
      '',
      'Deposit',
      'CRM yatırım',
      '#ABCDEFGHJKM',
      '#ABCDEFGHJKMNP',
      '#abcdefghjkmn',
      '#ABCDEFGHIKMN',
    ]) {
      expect(referenceOf(comment)).toBeNull();
    }
  });
});

describe('the sending job’s backoff', () => {
  it('doubles from 5 s up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(defaultBackoffMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
  });
});

describe('an operation’s reason in Turkish', () => {
  it('maps the adapter’s codes, with the platform’s own code for other refusals', () => {
    expect(operationErrorText(null, null)).toBeNull();
    expect(operationErrorText('no-money', '10019')).toBe(platformMessages.noMoney);
    expect(operationErrorText('not-found', '13')).toBe(platformMessages.accountMissing);
    expect(operationErrorText('unavailable', null)).toBe(platformMessages.platformUnavailable);
    expect(operationErrorText('refused', '8')).toBe('İşlem platformu isteği reddetti (8)');
  });
});

describe('the reconciliation of one account', () => {
  const op = (
    id: number,
    key: string,
    amount: string,
    state: 'pending' | 'sending' | 'done' | 'failed',
    direction: 'deposit' | 'withdrawal' = 'deposit',
    inWindow = true,
  ) => ({
    id,
    idempotency_key: key,
    direction,
    amount,
    state,
    in_window: inWindow,
  });
  const deal = (ticket: string, reference: string, amount: string) => ({ ticket, reference, amount });

  it('agrees when every done operation is booked once with its amount', () => {
    const result = compareAccount(
      [op(1, 'K1', '100.50', 'done'), op(2, 'K2', '20', 'done', 'withdrawal'), op(3, 'K3', '9', 'failed')],
      [deal('11', 'K1', '100.50'), deal('12', 'K2', '-20.00')],
    );
    expect(result).toEqual({ crm: 80_500_000n, platform: 80_500_000n, findings: [] });
  });

  it('leaves operations on their way and those older than the window alone', () => {
    const result = compareAccount(
      [op(1, 'K1', '5', 'sending'), op(2, 'K2', '7', 'pending'), op(3, 'K3', '9', 'done', 'deposit', false)],
      [deal('11', 'K1', '5'), deal('13', 'K3', '9')],
    );
    expect(result).toEqual({ crm: 0n, platform: 0n, findings: [] });
  });

  it('finds a missing deal, another amount, a double booking, a failed one booked and a stranger', () => {
    const { crm, platform, findings } = compareAccount(
      [
        op(1, 'K1', '100', 'done'),
        op(2, 'K2', '50', 'done'),
        op(3, 'K3', '10', 'done'),
        op(4, 'K4', '1', 'failed'),
      ],
      [
        deal('12', 'K2', '5.00'),
        deal('13', 'K3', '10'),
        deal('14', 'K3', '10'),
        deal('15', 'K4', '1'),
        deal('16', 'ZZZZZZZZZZZZ', '3'),
      ],
    );
    expect(crm).toBe(160_000_000n);
    expect(platform).toBe(29_000_000n);
    expect(findings).toEqual([
      'işlem #1 (100,00) platformda yok',
      'işlem #2 CRM’de 50,00, platformda 5,00',
      'işlem #3 CRM’de 10,00, platformda 20,00',
      'başarısız görünen işlem #4 platformda kayıtlı (ticket 15)',
      'CRM’de karşılığı olmayan platform kaydı (ticket 16, 3,00)',
    ]);
  });
});
