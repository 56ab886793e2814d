import type { MouseEvent } from 'react';
import type { RecordRow } from '../../../../../shared/contract';
import { rowId } from './row-selection';

/** Controls inside cells keep their own double-click (a status menu, a link, a checkbox). */
const INTERACTIVE = 'button, a, input, textarea, select, label, [role="menu"], .lead-status-cell';

/**
 * Double-click on a list row opens that record: the row index comes from the cell's data-row attribute
 * (set by the list's cells), the id from the page's rows.
 */
export function recordIdFromDoubleClick(
  event: MouseEvent<HTMLElement>,
  rows: readonly RecordRow[],
): number | null {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest(INTERACTIVE)) return null;
  const cell = target.closest<HTMLElement>('[data-row]');
  const index = cell ? Number(cell.dataset.row) : Number.NaN;
  if (!Number.isInteger(index)) return null;
  return rowId(rows[index]?.id);
}
