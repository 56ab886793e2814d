import { describe, expect, it } from 'vitest';
import { swapSorts } from '../../../src/renderer/src/features/hooks/hook-form';
import {
  isOverdue,
  leadLabel,
  parseLeadId,
  parseTemplateText,
  taskTabFromHash,
  templateText,
  textareaHeight,
} from '../../../src/renderer/src/features/tasks/task-page-helpers';
import { bidPdfFileName } from '../../../src/renderer/src/features/bids/bid-file-name';
import { menuTarget } from '../../../src/renderer/src/shell/menu-targets';
// The app's feature list registers itself, as it does when the app starts.
import '../../../src/renderer/src/app/features';
import type { MenuTable } from '../../../src/shared/contract';

describe('tasks page', () => {
  it('keeps the tab in the hash, defaulting to open tasks', () => {
    expect(taskTabFromHash('#tamamlanmis-gorevler')).toBe('tamamlanmis-gorevler');
    expect(taskTabFromHash('#gorevler')).toBe('gorevler');
    expect(taskTabFromHash('#bilinmeyen')).toBe('gorevler');
    expect(taskTabFromHash('')).toBe('gorevler');
  });

  it('sizes the template box 100 px plus 50 px a line', () => {
    expect(textareaHeight('')).toBe(100);
    expect(textareaHeight('a')).toBe(150);
    expect(textareaHeight('a\nb\nc')).toBe(250);
  });

  it('reads one task per line and "-" lines as subtasks, and writes them back', () => {
    const tasks = parseTemplateText('Ara\n- Not al\n\n  - Belge iste\nE-posta gönder\n');
    expect(tasks).toEqual([
      { title: 'Ara', subtasks: [{ title: 'Not al' }, { title: 'Belge iste' }] },
      { title: 'E-posta gönder' },
    ]);
    expect(templateText(tasks)).toBe('Ara\n- Not al\n- Belge iste\nE-posta gönder');
    expect(parseTemplateText('- Yetim alt görev')).toEqual([{ title: 'Yetim alt görev' }]);
  });

  it('shows leads as #LEAD{id} and reads typed lead numbers', () => {
    expect(leadLabel(42)).toBe('#LEAD42');
    expect(parseLeadId('#LEAD42')).toBe(42);
    expect(parseLeadId(' 7 ')).toBe(7);
    expect(parseLeadId('0')).toBeNull();
    expect(parseLeadId('abc')).toBeNull();
    expect(isOverdue('2026-01-01', '2026-01-02')).toBe(true);
    expect(isOverdue('2026-01-02', '2026-01-02')).toBe(false);
    expect(isOverdue(null, '2026-01-02')).toBe(false);
  });
});

describe('assignment rules screen', () => {
  it('swaps a rule with its neighbour, spreading equal sorts first', () => {
    const hooks = [
      { id: 1, sort: 10 },
      { id: 2, sort: 20 },
      { id: 3, sort: 20 },
    ];
    expect(swapSorts(hooks, 0, 1)).toEqual([
      { id: 1, sort: 20 },
      { id: 2, sort: 10 },
    ]);
    expect(swapSorts(hooks, 1, 1)).toEqual([
      { id: 2, sort: 30 },
      { id: 3, sort: 20 },
    ]);
    expect(swapSorts(hooks, 0, -1)).toBeNull();
  });
});

describe('offers', () => {
  it('names the PDF after the answer to İsim Soyisim, else the lead', () => {
    const answer = (question: string, value: string) => ({
      question,
      type: 'db' as const,
      value,
      price: '0.00',
    });
    expect(bidPdfFileName([answer('İsim Soyisim', 'Gülşen Işık')], 'Lead')).toBe('Gülşen Işık.pdf');
    expect(bidPdfFileName([answer('İsim Soyisim', ' ')], 'Ali Veli')).toBe('Ali Veli.pdf');
  });
});

describe('menu', () => {
  const entry = (url: string): MenuTable =>
    ({ id: 1, table: 't', name: 'n', icon: null, location: 1, url, show: 1 }) as unknown as MenuTable;
  it('opens the work screens; the menu’s /tasks leads to the call-period list (see docs/requirements.md#lead-workspace-and-work-screens)', () => {
    expect(menuTarget(entry('tasks'))).toBe('/call-periods');
    expect(menuTarget(entry('call-periods'))).toBe('/call-periods');
    expect(menuTarget(entry('gorevler'))).toBe('/tasks');
    expect(menuTarget(entry('/hooks'))).toBe('/hooks');
    expect(menuTarget(entry('bids'))).toBe('/bids');
    expect(menuTarget(entry('quizbuilder'))).toBe('/quizbuilder');
  });
});
