import { describe, expect, it } from 'vitest';
import { callAttemptId, type CallResult, type OptionItem } from '../../../src/shared/contract';
import { messages } from '../../../src/shared/i18n/messages';
import { patchTableRows } from '../../../src/renderer/src/components/field-renderers/lead-status/patch-rows';
import {
  callablePhone,
  checkQuickCall,
  newCallAttemptId,
  rowHasPhoneColumns,
} from '../../../src/renderer/src/components/field-renderers/lead-status/quick-call';
import {
  NEUTRAL_STATUS,
  readableTextColor,
  statusLook,
  toStatusChoices,
} from '../../../src/renderer/src/components/field-renderers/lead-status/status-options';

const statuses: OptionItem[] = [
  { label: 'Yeni', value: 1, background: '#2d72d2', color: '#ffffff' },
  { label: 'Ulaşılamadı', value: 2, background: '#8f99a8' },
  { label: 'Müşteri Oldu', value: '9' },
];

describe('status options (list 16)', () => {
  it('maps options to menu choices with string values and marks the current one', () => {
    expect(toStatusChoices(statuses, '2')).toEqual([
      { value: '1', label: 'Yeni', background: '#2d72d2', color: '#ffffff', current: false },
      { value: '2', label: 'Ulaşılamadı', background: '#8f99a8', color: '#1c2127', current: true },
      { value: '9', label: 'Müşteri Oldu', ...NEUTRAL_STATUS, current: false },
    ]);
  });

  it('shows an unknown value as itself on a neutral label', () => {
    expect(statusLook(undefined, '42')).toEqual({ label: '42', ...NEUTRAL_STATUS, known: false });
  });

  it('picks readable text for a background without a text colour', () => {
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#fff')).toBe('#1c2127');
    expect(readableTextColor('#cd4246')).toBe('#ffffff');
    expect(readableTextColor('tomato')).toBe('#1c2127');
  });
});

describe('quick call checks', () => {
  it('asks for the dahili first (see docs/requirements.md#filters-and-list-input)', () => {
    expect(checkQuickCall(null, '5321234567')).toEqual({ ok: false, message: messages.dahiliRequired });
    expect(checkQuickCall('  ', null)).toEqual({ ok: false, message: messages.dahiliRequired });
  });

  it('then a 10-digit number', () => {
    expect(checkQuickCall('1001', null)).toEqual({ ok: false, message: messages.invalidPhoneForCall });
    expect(checkQuickCall('1001', '0532 123 45 67')).toEqual({ ok: true, phone: '0532 123 45 67' });
  });

  it('takes the first callable number of phone, mobile, phone_2', () => {
    expect(callablePhone({ phone: '123', mobile: '+90 532 123 45 67', phone_2: '5559998877' })).toBe(
      '+90 532 123 45 67',
    );
    expect(callablePhone({ phone: 5321234567 })).toBe('5321234567');
    expect(callablePhone({ phone: '', mobile: null })).toBeNull();
  });

  it('gives every click its own attempt id, one the server accepts', () => {
    const first = newCallAttemptId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(callAttemptId.safeParse(first).success).toBe(true);
    expect(newCallAttemptId()).not.toBe(first);
  });

  it('knows when the row lacks the phone columns and the record must be fetched', () => {
    expect(rowHasPhoneColumns({ id: 1, status_id: 2 })).toBe(false);
    expect(rowHasPhoneColumns({ id: 1, phone: null })).toBe(true);
  });
});

describe('patchTableRows', () => {
  const answer: CallResult<'table'> = {
    results: [
      { id: 1, status_id: 1 },
      { id: 2, status_id: 1 },
    ],
    total: 2,
    page: 1,
    fields: ['id', 'status_id'],
    all_fields: [],
    components: {},
    table: 'leads',
    tab_field_id: null,
  };

  it('changes the one cell of the saved record', () => {
    const patched = patchTableRows(answer, 2, 'status_id', 5);
    expect(patched?.results).toEqual([
      { id: 1, status_id: 1 },
      { id: 2, status_id: 5 },
    ]);
    expect(patched?.results[0]).toBe(answer.results[0]);
  });

  it('keeps pages without the record as they are', () => {
    expect(patchTableRows(answer, 3, 'status_id', 5)).toBe(answer);
    expect(patchTableRows(undefined, 3, 'status_id', 5)).toBeUndefined();
  });
});
