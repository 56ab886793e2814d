import { describe, expect, it } from 'vitest';
import {
  bidTotal,
  centsToDecimal,
  hookConditionMatches,
  looksLikePdf,
  readPrice,
  parseHookAction,
  parsePrice,
  roundRobinIndex,
  safePdfFileName,
} from '../../../src/shared/domain';

describe('assignment rules', () => {
  it('reads then_value as a record id or a round robin over a team', () => {
    expect(parseHookAction('agent_id', '12')).toEqual({ kind: 'set', field: 'agent_id', value: 12 });
    expect(parseHookAction('agent_id', 'round_robin:3')).toEqual({
      kind: 'roundRobin',
      field: 'agent_id',
      teamId: 3,
    });
    expect(parseHookAction('team_id', 'round_robin:3')).toBeNull();
    expect(parseHookAction('team_id', 'x')).toBeNull();
    expect(parseHookAction('status_id', '0')).toBeNull();
    expect(parseHookAction('agent_id', 'round_robin:')).toBeNull();
  });

  it('matches a condition trimmed and in Turkish lower case; empty never matches', () => {
    expect(hookConditionMatches('İstanbul', 'istanbul')).toBe(true);
    expect(hookConditionMatches(' google ', 'Google')).toBe(true);
    expect(hookConditionMatches(5, '5')).toBe(true);
    expect(hookConditionMatches('Izmir', 'izmir')).toBe(false);
    expect(hookConditionMatches(null, '')).toBe(false);
    expect(hookConditionMatches('', '')).toBe(false);
  });

  it('turns positions into turns over n agents, from the first', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((p) => roundRobinIndex(p, 3))).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });
});

describe('offer prices', () => {
  it('parses prices exactly, with either decimal mark, and nothing else', () => {
    expect(parsePrice('1250,5')).toBe(125050n);
    expect(parsePrice('0.10')).toBe(10n);
    expect(parsePrice('1.234,50')).toBe(123450n);
    expect(parsePrice('1.000')).toBe(100000n);
    expect(parsePrice('0')).toBe(0n);
    expect(parsePrice('-5')).toBeNull();
    expect(parsePrice('1e3')).toBeNull();
    expect(parsePrice('1,234')).toBeNull();
    expect(readPrice('99', 'Paket')).toEqual({ ok: true, value: '99.00' });
    expect(readPrice('1,005', 'Paket')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Fiyat \(Paket\) /),
    });
    expect(centsToDecimal(-5n)).toBe('-0.05');
  });

  it('adds only the answers that count towards the price, without float error', () => {
    expect(
      bidTotal([
        { priceCalc: true, priceVal: '0.1' },
        { priceCalc: true, priceVal: '0.2' },
        { priceCalc: false, priceVal: '1000' },
      ]),
    ).toBe('0.30');
    expect(
      bidTotal([
        { priceCalc: true, priceVal: '999999999999.99' },
        { priceCalc: true, priceVal: '0.01' },
      ]),
    ).toBe('1000000000000.00');
  });
});

describe('offer PDF files', () => {
  it('names the file safely, Turkish letters kept', () => {
    expect(safePdfFileName('Şükrü Öztürk')).toBe('Şükrü Öztürk.pdf');
    expect(safePdfFileName('../../etc/passwd')).not.toContain('/');
    expect(safePdfFileName('  ')).toBe('teklif.pdf');
    expect(safePdfFileName('Ayşe.pdf')).toBe('Ayşe.pdf');
  });

  it('recognises PDF bytes by their header', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.3\n'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('MZ\x90'))).toBe(false);
  });
});
