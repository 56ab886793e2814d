import { describe, expect, it } from 'vitest';
import {
  reminderTime,
  SIGNED_OUT_TRAY,
  trayMenuTemplate,
  trayModel,
  type TrayAction,
} from '../../../src/main/tray-model';
import { createTrayState } from '../../../src/main/tray-state';
import type { SidebarNote } from '../../../src/shared/contract/notifications';
import { createFakeClock, settle } from './desktop-fakes';
import { createLogSpy } from './fakes';

const NOW = new Date(2026, 4, 14, 12, 0, 0);

function note(id: number, overrides: Partial<SidebarNote> = {}): SidebarNote {
  return {
    id,
    lead_id: 100 + id,
    body: `Not ${id}`,
    lead_name: `Müşteri ${id}`,
    start: `2026-05-14 ${String(12 + id).padStart(2, '0')}:15:00`,
    ...overrides,
  };
}

const labels = (model: ReturnType<typeof trayModel>): string[] =>
  model.menu.map((entry) =>
    entry.kind === 'separator'
      ? '---'
      : entry.kind === 'checkbox'
        ? `[${entry.checked ? 'x' : ' '}] ${entry.label}`
        : entry.label,
  );

describe('tray model', () => {
  it('shows the unread count in the tooltip and the macOS title', () => {
    const model = trayModel({ signedIn: true, unread: 3, upcoming: [] }, NOW);
    expect(model.tooltip).toBe('Aracı Kurum CRM — 3 okunmamış bildirim');
    expect(model.title).toBe('3');
    expect(trayModel({ signedIn: true, unread: 0, upcoming: [] }, NOW)).toMatchObject({
      tooltip: 'Aracı Kurum CRM',
      title: '',
    });
  });

  it('lists Göster, the next five reminders, a separator and Çıkış', () => {
    const upcoming = [1, 2, 3, 4, 5, 6, 7].map((id) => note(id));
    const model = trayModel({ signedIn: true, unread: 1, upcoming }, NOW);
    expect(labels(model)).toEqual([
      'Göster',
      '13:15 Müşteri 1',
      '14:15 Müşteri 2',
      '15:15 Müşteri 3',
      '16:15 Müşteri 4',
      '17:15 Müşteri 5',
      '---',
      'Çıkış',
    ]);
    expect(model.menu[0]).toEqual({ kind: 'item', label: 'Göster', action: { type: 'show' } });
    expect(model.menu[1]).toMatchObject({ action: { type: 'openLead', leadId: 101 } });
    expect(model.menu.at(-1)).toEqual({ kind: 'item', label: 'Çıkış', action: { type: 'quit' } });
  });

  it('writes the date for reminders of another day, and copes with missing names', () => {
    const model = trayModel(
      {
        signedIn: true,
        unread: 0,
        upcoming: [
          note(1, { start: '2026-05-15 09:30:00' }),
          note(2, { lead_name: null, lead_id: null, body: 'Ekip toplantısı' }),
          note(3, { lead_name: 'Ali & Veli Ltd. Şti.' }),
          note(4, { lead_name: 'A'.repeat(200) }),
        ],
      },
      NOW,
    );
    const [, other, noLead, ampersand, long] = model.menu;
    expect(other).toMatchObject({ label: '15.05 09:30 Müşteri 1' });
    expect(noLead).toMatchObject({ label: '14:15 Ekip toplantısı', action: { type: 'show' } });
    // Windows and Linux menus read '&' as a mnemonic; '&&' shows one.
    expect(ampersand).toMatchObject({ label: '15:15 Ali && Veli Ltd. Şti.' });
    expect(long?.kind === 'item' && long.label.length).toBe(60);
    expect(reminderTime('nonsense', NOW)).toBe('');
  });

  it('shows neither count nor reminders when signed out', () => {
    const model = trayModel({ ...SIGNED_OUT_TRAY, unread: 9, upcoming: [note(1)] }, NOW);
    expect(model.tooltip).toBe('Aracı Kurum CRM');
    expect(labels(model)).toEqual(['Göster', '---', 'Çıkış']);
  });

  it('becomes an Electron menu template whose clicks perform the actions', () => {
    const performed: TrayAction[] = [];
    const template = trayMenuTemplate(
      trayModel({ signedIn: true, unread: 0, upcoming: [note(1)] }, NOW),
      (action) => performed.push(action),
    );
    expect(template.map((item) => ('type' in item ? item.type : item.label))).toEqual([
      'Göster',
      '13:15 Müşteri 1',
      'separator',
      'Çıkış',
    ]);
    for (const item of template) if ('click' in item) item.click();
    expect(performed).toEqual([{ type: 'show' }, { type: 'openLead', leadId: 101 }, { type: 'quit' }]);
  });
});

describe('tray state', () => {
  function setup(answers: { unread: number | null; upcoming: SidebarNote[] | null }) {
    const clock = createFakeClock();
    let calls = 0;
    const tray = createTrayState({
      fetchUnread: async () => {
        calls += 1;
        return answers.unread;
      },
      fetchUpcoming: async () => answers.upcoming,
      schedule: clock.schedule,
      log: createLogSpy().log,
    });
    const published: unknown[] = [];
    tray.subscribe((state) => published.push(state));
    return { tray, clock, published, calls: () => calls, answers };
  }

  it('loads at sign-in, refreshes once per burst and every period, and clears at sign-out', async () => {
    const { tray, clock, calls, answers } = setup({ unread: 2, upcoming: [note(1)] });
    tray.signedIn();
    clock.fireNext();
    await settle();
    expect(tray.current()).toEqual({ signedIn: true, unread: 2, upcoming: [note(1)] });
    // The next periodic refresh is planned.
    expect(clock.pending().map((timer) => timer.delayMs)).toEqual([300_000]);

    tray.refresh();
    tray.refresh();
    tray.refresh();
    expect(clock.pending().map((timer) => timer.delayMs)).toEqual([500]);
    answers.unread = 5;
    clock.fireNext();
    await settle();
    expect(calls()).toBe(2);
    expect(tray.current().unread).toBe(5);

    tray.signedOut();
    expect(tray.current()).toEqual(SIGNED_OUT_TRAY);
    expect(clock.pending()).toEqual([]);
    tray.refresh();
    expect(clock.pending()).toEqual([]);
  });

  it('keeps what it showed when a fetch fails, and drops answers of an ended session', async () => {
    const { tray, clock, answers } = setup({ unread: 4, upcoming: [note(1)] });
    tray.signedIn();
    clock.fireNext();
    await settle();
    answers.unread = null;
    answers.upcoming = null;
    tray.refresh();
    clock.fireNext();
    await settle();
    expect(tray.current()).toEqual({ signedIn: true, unread: 4, upcoming: [note(1)] });

    answers.unread = 1;
    tray.refresh();
    clock.fireNext();
    tray.signedOut();
    await settle();
    expect(tray.current()).toEqual(SIGNED_OUT_TRAY);
  });
});

describe('tray entries of the installed app (see docs/it-deployment.md)', () => {
  it('offers starting at login as a checkbox and a check for updates where allowed', () => {
    const model = trayModel(SIGNED_OUT_TRAY, new Date(), { autoStart: true, canCheckUpdates: true });
    expect(labels(model)).toEqual([
      'Göster',
      '---',
      '[x] Oturum açılınca başlat',
      'Güncellemeleri denetle',
      'Çıkış',
    ]);
    const performed: string[] = [];
    const template = trayMenuTemplate(model, (action) => performed.push(action.type));
    const checkbox = template[2];
    expect(checkbox).toMatchObject({ type: 'checkbox', checked: true });
    if (checkbox && 'click' in checkbox) checkbox.click();
    expect(performed).toEqual(['toggleAutoStart']);
  });

  it('leaves the update entry out under UpdateMode none', () => {
    const model = trayModel(SIGNED_OUT_TRAY, new Date(), { autoStart: false, canCheckUpdates: false });
    expect(labels(model)).toEqual(['Göster', '---', '[ ] Oturum açılınca başlat', 'Çıkış']);
  });
});
