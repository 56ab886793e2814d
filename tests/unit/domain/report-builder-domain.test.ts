import { describe, expect, it } from 'vitest';
import { addDecimals, parseFieldRef, reportRowLink } from '../../../src/shared/domain/report-builder';

describe('report builder domain rules', () => {
  it('adds decimal texts exactly, whatever their scales and signs', () => {
    expect(addDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(addDecimals(['100.50', '-0.75', '3'])).toBe('102.75');
    expect(addDecimals(['-1.5', '0.25'])).toBe('-1.25');
    expect(addDecimals(['12', '30'])).toBe('42');
    expect(addDecimals([])).toBe('0');
    expect(addDecimals(['99999999999999999999.99', '0.01'])).toBe('100000000000000000000.00');
  });

  it('names relation fields and links rows to the lead or the row in its list', () => {
    expect(parseFieldRef('lead.agent_id')).toEqual({ relation: 'lead', field: 'agent_id' });
    expect(parseFieldRef('amount')).toEqual({ relation: null, field: 'amount' });
    expect(reportRowLink('transactions', 'id', 7, false)).toBe('/list/transactions?id=7');
    expect(reportRowLink('transactions', 'customer_id', '12', false)).toBe('/leadDetail/12');
    expect(reportRowLink('leads', 'id', 3, true)).toBe('/leadDetail/3');
    expect(reportRowLink('transactions', 'amount', '5', false)).toBeNull();
    expect(reportRowLink('transactions', 'id', null, false)).toBeNull();
  });
});
