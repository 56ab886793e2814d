import { describe, it, expect } from 'vitest';
import {
  REMINDER_OFFSETS_MINUTES,
  REMINDER_OFFSET_LABELS,
  REMINDER_OFFSET_OPTIONS,
  reminderStart,
} from '../../../src/shared/domain/reminders';

describe('reminder offsets', () => {
  it('are the minutes of docs/requirements.md#constants-and-limits with Turkish labels', () => {
    expect(REMINDER_OFFSETS_MINUTES).toEqual([15, 30, 60, 180, 1440, 10080, 20160, 43200]);
    expect(REMINDER_OFFSET_OPTIONS.map((option) => option.label)).toEqual([
      '15 dakika',
      '30 dakika',
      '1 saat',
      '3 saat',
      '24 saat',
      '1 hafta',
      '2 hafta',
      '1 ay',
    ]);
    expect(REMINDER_OFFSET_LABELS[60]).toBe('1 saat');
  });
});

describe('reminderStart', () => {
  const now = new Date(2024, 2, 15, 23, 50, 7);

  it('is now plus the offset, formatted for the API', () => {
    expect(reminderStart(now, 15)).toBe('2024-03-16 00:05:07');
    expect(reminderStart(now, 1440)).toBe('2024-03-16 23:50:07');
    expect(reminderStart(now, 0)).toBe('2024-03-15 23:50:07');
  });

  it('treats "1 ay" as 43200 minutes, that is 30 days', () => {
    const noon = new Date(2024, 0, 10, 12, 0, 0);
    expect(reminderStart(noon, 43200)).toBe('2024-02-09 12:00:00');
  });
});
