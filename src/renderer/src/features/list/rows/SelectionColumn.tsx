import { Button, Checkbox } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, type ColumnProps } from '@blueprintjs/table';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import type { RecordRow } from '../../../../../shared/contract';
import { messages } from '../../../../../shared/i18n/messages';
import { uiTexts } from '../../../i18n/ui-texts';
import { headerTestIdRef } from './quadrant-test-id';
import { pageIds, pageSelection, rowId } from './row-selection';
import type { RowSelection } from './use-row-selection';

/** Checkbox plus the edit button; the list adds this to its column widths, first. */
export const SELECTION_COLUMN_WIDTH = 68;
export const SELECTION_COLUMN_ID = '__selection';

export type SelectAllCheckboxProps = { rows: readonly RecordRow[]; selection: RowSelection };

export function SelectAllCheckbox({ rows, selection }: SelectAllCheckboxProps): ReactNode {
  const ids = useMemo(() => pageIds(rows), [rows]);
  const state = pageSelection(selection.selectedIds, ids);
  return (
    <Checkbox
      className="row-check"
      inputRef={headerTestIdRef('select-all')}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={ids.length === 0}
      onChange={() => selection.togglePage(ids)}
      aria-label={uiTexts.selectAllOnPage}
      title={uiTexts.selectAllOnPage}
    />
  );
}

export type RowSelectCellProps = {
  row: RecordRow;
  selection: RowSelection;
  /** Opens the edit modal; absent where the list offers no edit. */
  onOpenRow?: (id: number) => void;
  /** The user may not update the table: the same modal only shows the record, and the button says so. */
  readOnly?: boolean;
};

export function RowSelectCell({
  row,
  selection,
  onOpenRow,
  readOnly = false,
}: RowSelectCellProps): ReactNode {
  const id = rowId(row.id);
  if (id === null) return null;
  return (
    <span className="row-select">
      <Checkbox
        className="row-check"
        checked={selection.isSelected(id)}
        onChange={() => selection.toggle(id)}
        aria-label={uiTexts.selectRow}
        data-testid={`row-check-${id}`}
      />
      {onOpenRow ? (
        <Button
          variant="minimal"
          size="small"
          icon={readOnly ? 'eye-open' : 'edit'}
          className="row-edit"
          onClick={() => onOpenRow(id)}
          title={readOnly ? uiTexts.viewRecord : messages.edit}
          aria-label={readOnly ? uiTexts.viewRecord : messages.edit}
          data-testid={`row-edit-${id}`}
        />
      ) : null}
    </span>
  );
}

export type SelectionColumnOptions = {
  rows: readonly RecordRow[];
  selection: RowSelection;
  onOpenRow?: (id: number) => void;
  readOnly?: boolean;
};

/**
 * The first column of the list: row checkboxes under a select-all header. A function, not a component,
 * because Blueprint's Table reads its Column children's props directly. Put `selection.selectedIds` in
 * the Table's cellRendererDependencies so ticks redraw.
 */
export function selectionColumn({
  rows,
  selection,
  onOpenRow,
  readOnly,
}: SelectionColumnOptions): ReactElement<ColumnProps> {
  return (
    <Column
      key={SELECTION_COLUMN_ID}
      id={SELECTION_COLUMN_ID}
      columnHeaderCellRenderer={() => (
        <ColumnHeaderCell className="list-header-cell list-select-header">
          <SelectAllCheckbox rows={rows} selection={selection} />
        </ColumnHeaderCell>
      )}
      cellRenderer={(rowIndex) => (
        <Cell
          className="list-cell list-select-cell"
          interactive
          cellRef={(element) => {
            // Same row marker as the data cells, so a click here moves the keyboard highlight too.
            if (element) element.dataset.row = String(rowIndex);
          }}
        >
          <RowSelectCell
            row={rows[rowIndex] ?? {}}
            selection={selection}
            onOpenRow={onOpenRow}
            readOnly={readOnly}
          />
        </Cell>
      )}
    />
  );
}
