import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/i18n/messages';
import { REMINDER_OFFSET_OPTIONS } from '../../../src/shared/domain/reminders';
import {
  activityInputs,
  emailStartFor,
  initialNoteDraft,
  isReminderOffsetChoice,
  noteInputsFromDraft,
  reminderStartFor,
} from '../../../src/renderer/src/features/lead-detail/notes/note-form';
import { uiTexts } from '../../../src/renderer/src/i18n/ui-texts';

// Local time, as the agent's clock reads it.
const NOW = new Date(2026, 0, 31, 23, 50, 12);

describe('reminder start (see docs/requirements.md#notification-and-list-states: now plus the offset, YYYY-MM-DD HH:mm:ss)', () => {
  it('adds each offset of the select to now', () => {
    expect(reminderStartFor('15', '', NOW)).toEqual({ ok: true, start: '2026-02-01 00:05:12', minute: 15 });
    expect(reminderStartFor('60', '', NOW)).toEqual({ ok: true, start: '2026-02-01 00:50:12', minute: 60 });
    expect(reminderStartFor('1440', '', NOW)).toEqual({
      ok: true,
      start: '2026-02-01 23:50:12',
      minute: 1440,
    });
    // "1 ay" is the spec's fixed 43200 minutes (30 days), not a calendar month.
    expect(reminderStartFor('43200', '', NOW)).toEqual({
      ok: true,
      start: '2026-03-02 23:50:12',
      minute: 43200,
    });
  });

  it('offers exactly the spec offsets plus a custom date', () => {
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
    for (const option of REMINDER_OFFSET_OPTIONS)
      expect(isReminderOffsetChoice(String(option.value))).toBe(true);
    expect(isReminderOffsetChoice('custom')).toBe(true);
    expect(isReminderOffsetChoice('45')).toBe(false);
    expect(isReminderOffsetChoice('')).toBe(false);
  });

  it('takes a custom date as the Turkish picker gives it (YYYY-MM-DD HH:mm:ss)', () => {
    expect(reminderStartFor('custom', '2026-02-03 09:30:00', NOW)).toEqual({
      ok: true,
      start: '2026-02-03 09:30:00',
      minute: null,
    });
  });

  it('refuses an empty, broken or past custom date', () => {
    expect(reminderStartFor('custom', '', NOW)).toEqual({ ok: false, message: messages.invalidReminderDate });
    expect(reminderStartFor('custom', '2026-13-45 09:99:00', NOW).ok).toBe(false);
    expect(reminderStartFor('custom', '2026-01-31 23:50:00', NOW)).toEqual({
      ok: false,
      message: uiTexts.reminderInPast,
    });
  });
});

describe('note inputs (inline save insert_note)', () => {
  const draft = { ...initialNoteDraft(7), body: '  Müşteri yarın aranacak  ' };

  it('starts with quality 5, the current user and no reminder', () => {
    expect(initialNoteDraft(7)).toEqual({
      body: '',
      quality: 5,
      agents: [7],
      remind: false,
      offset: '15',
      customStart: '',
    });
    expect(initialNoteDraft(null).agents).toEqual([]);
  });

  it('requires a body: Not içeriği zorunludur', () => {
    expect(noteInputsFromDraft({ ...draft, body: '   ' }, 5, NOW)).toEqual({
      ok: false,
      message: 'Not içeriği zorunludur',
    });
  });

  it('sends a plain note without a reminder as notification 0', () => {
    expect(noteInputsFromDraft(draft, 5, NOW)).toEqual({
      ok: true,
      inputs: { body: 'Müşteri yarın aranacak', lead_id: 5, quality: 5, agents: [7], notification: 0 },
    });
  });

  it('sends Bana Hatırlat as notification 1 with start and minute', () => {
    expect(noteInputsFromDraft({ ...draft, remind: true, agents: [7, 9], quality: 8 }, 5, NOW)).toEqual({
      ok: true,
      inputs: {
        body: 'Müşteri yarın aranacak',
        lead_id: 5,
        quality: 8,
        agents: [7, 9],
        notification: 1,
        start: '2026-02-01 00:05:12',
        minute: 15,
      },
    });
  });

  it('sends a custom reminder date without a minute, and refuses a bad one', () => {
    const custom = { ...draft, remind: true, offset: 'custom' as const, customStart: '2026-02-10 10:00:00' };
    expect(noteInputsFromDraft(custom, 5, NOW)).toMatchObject({
      ok: true,
      inputs: { notification: 1, start: '2026-02-10 10:00:00' },
    });
    const result = noteInputsFromDraft(custom, 5, NOW);
    expect(result.ok && 'minute' in result.inputs).toBe(false);
    expect(noteInputsFromDraft({ ...custom, customStart: '' }, 5, NOW).ok).toBe(false);
  });
});

describe('activity (see docs/requirements.md#filters-and-list-input)', () => {
  it('does nothing for an empty body', () => {
    expect(activityInputs('', '', 5, 7)).toBeNull();
    expect(activityInputs('  ', '2026-02-01 10:00:00', 5, 7)).toBeNull();
  });

  it('saves the default text as a note, with a reminder when a time is planned', () => {
    expect(messages.phoneCallPlanned).toBe('Telefon Araması Planlandı');
    expect(activityInputs(messages.phoneCallPlanned, '', 5, 7)).toEqual({
      body: 'Telefon Araması Planlandı',
      lead_id: 5,
      quality: 5,
      agents: [7],
      notification: 0,
    });
    expect(activityInputs(messages.phoneCallPlanned, '2026-02-01 10:00:00', 5, 7)).toEqual({
      body: 'Telefon Araması Planlandı',
      lead_id: 5,
      quality: 5,
      agents: [7],
      notification: 1,
      start: '2026-02-01 10:00:00',
    });
  });
});

describe('e-mail send time (see docs/requirements.md#task-customer-and-money-states)', () => {
  it('sends now as 0, an offset as its minutes, a custom date as text', () => {
    expect(emailStartFor('now', '', NOW)).toEqual({ ok: true, start: 0 });
    expect(emailStartFor('180', '', NOW)).toEqual({ ok: true, start: 180 });
    expect(emailStartFor('custom', '2026-02-02 08:15:00', NOW)).toEqual({
      ok: true,
      start: '2026-02-02 08:15:00',
    });
    expect(emailStartFor('custom', '', NOW)).toEqual({ ok: false, message: messages.emailSendTimeInvalid });
  });
});
