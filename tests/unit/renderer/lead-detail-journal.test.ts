import { describe, expect, it } from 'vitest';
import type { FieldMeta } from '../../../src/shared/contract';
import type { JournalEntry } from '../../../src/shared/contract/lead-detail';
import {
  isEmptyJournalValue,
  journalLines,
  journalValueText,
} from '../../../src/renderer/src/features/lead-detail/journal/journal-format';

function field(id: number, name: string, display: string, options: number | null = null): FieldMeta {
  return {
    id,
    name,
    display_name: display,
    component: { name: options === null ? 'string' : 'selectbox' },
    category: 'Kişisel',
    options,
    show_insert: 1,
  };
}

const fields = [field(1, 'name', 'Ad Soyad'), field(2, 'city', 'İl'), field(3, 'status_id', 'Durum', 16)];

const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  id: 1,
  agent_id: 7,
  agent_name: 'Ayşe Yılmaz',
  values: {},
  created_at: '2026-03-05 14:07:31',
  ...over,
});

describe('journal lines (see docs/requirements.md#lead-workspace-and-work-screens Geçmiş)', () => {
  it('shows agent, Turkish time and each field by its display name with old and new', () => {
    const [line] = journalLines(
      [entry({ values: { city: { old: 'Ankara', new: 'İzmir' } } })],
      fields,
      'Sistem',
    );
    expect(line).toEqual({
      id: 1,
      agent: 'Ayşe Yılmaz',
      time: '05.03.2026 14:07',
      changes: [{ name: 'city', label: 'İl', field: fields[1], from: 'Ankara', to: 'İzmir' }],
    });
  });

  it('orders changes as the registry orders fields, unknown fields last by name', () => {
    const [line] = journalLines(
      [
        entry({
          values: {
            zeta: { old: null, new: 'x' },
            status_id: { old: 1, new: 3 },
            alpha: { old: null, new: 'y' },
            name: { old: 'Ali', new: 'Ali Veli' },
          },
        }),
      ],
      fields,
      'Sistem',
    );
    expect(line?.changes.map((change) => change.label)).toEqual(['Ad Soyad', 'Durum', 'alpha', 'zeta']);
    expect(line?.changes.find((change) => change.name === 'zeta')?.field).toBeNull();
  });

  it('names the system when no agent made the change', () => {
    const lines = journalLines(
      [entry({ agent_id: null, agent_name: null }), entry({ id: 2, agent_name: '  ' })],
      fields,
      'Sistem',
    );
    expect(lines.map((line) => line.agent)).toEqual(['Sistem', 'Sistem']);
  });

  it('keeps the server order of entries (newest first)', () => {
    const lines = journalLines(
      [
        entry({ id: 9, created_at: '2026-03-06 09:00:00' }),
        entry({ id: 3, created_at: '2026-03-01 09:00:00' }),
      ],
      fields,
      'Sistem',
    );
    expect(lines.map((line) => line.id)).toEqual([9, 3]);
    expect(lines[0]?.time).toBe('06.03.2026 09:00');
  });

  it('writes values as text and treats null, empty text and empty lists as nothing', () => {
    expect(journalValueText(['1', 4])).toBe('1, 4');
    expect(journalValueText(12)).toBe('12');
    expect(journalValueText(true)).toBe('1');
    expect(journalValueText(null)).toBe('');
    expect(isEmptyJournalValue(null)).toBe(true);
    expect(isEmptyJournalValue('')).toBe(true);
    expect(isEmptyJournalValue([])).toBe(true);
    expect(isEmptyJournalValue(0)).toBe(false);
    expect(isEmptyJournalValue('0')).toBe(false);
  });
});
