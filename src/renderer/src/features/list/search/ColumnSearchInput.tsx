import { Classes } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FilterType, ListFilter } from '../../../../../shared/domain';
import { format } from '../../../../../shared/i18n/messages';
import { useOptions } from '../../../api/options';
import type { FieldDescriptor } from '../../../components/field-renderers';
import { uiTexts } from '../../../i18n/ui-texts';
import {
  COLUMN_SEARCH_DEBOUNCE_MS,
  columnSearchText,
  columnSearchType,
  columnSearchValue,
} from './column-search';
import { searchFieldKind } from './filter-state';

export type ColumnSearchInputProps = {
  column: FieldDescriptor;
  filters: readonly ListFilter[];
  onSearch: (name: string, type: FilterType, value: string) => void;
};

/**
 * Blueprint's Table draws each header twice (a covered copy in the scrolling quadrant, the visible one in
 * the sticky quadrant). Only the visible copy keeps the test id and stays in the tab order.
 */
const HIDDEN_QUADRANT = `.${Classes.getClassNamespace()}-table-quadrant-main`;

function useVisibleCopy<E extends HTMLElement>(testId: string): (element: E | null) => void {
  return useCallback(
    (element: E | null) => {
      if (!element) return;
      if (element.closest(HIDDEN_QUADRANT)) {
        element.tabIndex = -1;
        element.setAttribute('aria-hidden', 'true');
        element.removeAttribute('data-testid');
      } else {
        element.dataset.testid = testId;
      }
    },
    [testId],
  );
}

type ColumnSearchProps = ColumnSearchInputProps & { type: FilterType; testId: string };

/** Choice columns: pick one option, the list filters at once. */
function OptionColumnSearch({ column, filters, onSearch, type, testId }: ColumnSearchProps): ReactNode {
  const options = useOptions(column.options);
  const attach = useVisibleCopy<HTMLSelectElement>(testId);
  const value = columnSearchText(filters, column.name, type);
  const items = options.data?.items ?? [];
  const known = value === '' || items.some((item) => String(item.value) === value);
  return (
    <select
      ref={attach}
      className={`column-search column-search-select${value === '' ? '' : ' is-active'}`}
      value={value}
      aria-label={format(uiTexts.columnSearch, { field: column.displayName })}
      onChange={(event) => onSearch(column.name, type, event.currentTarget.value)}
    >
      <option value="">{uiTexts.columnSearchAll}</option>
      {/* A value from a link or an old favourite that the option list no longer has stays visible. */}
      {known ? null : <option value={value}>{value}</option>}
      {items.map((item) => (
        <option key={String(item.value)} value={String(item.value)}>
          {item.label}
        </option>
      ))}
    </select>
  );
}

/** Text and number columns: type, and the list filters 400 ms after the last key, or at once on Enter. */
function TextColumnSearch({ column, filters, onSearch, type, testId }: ColumnSearchProps): ReactNode {
  const kind = searchFieldKind(column.component, column.options);
  const applied = columnSearchText(filters, column.name, type);
  const [draft, setDraft] = useState(applied);
  const [shownApplied, setShownApplied] = useState(applied);
  // What this box itself sent last: its own (trimmed) value coming back must not eat a space just typed.
  const [sent, setSent] = useState<string | null>(null);
  // The filter changed elsewhere (tag removed, "Filtreleri temizle", a favourite): show the new value.
  if (applied !== shownApplied) {
    setShownApplied(applied);
    if (applied !== sent) setDraft(applied);
  }
  const timer = useRef<number | undefined>(undefined);
  const attach = useVisibleCopy<HTMLInputElement>(testId);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const value = columnSearchValue(kind, draft);
  const commit = (text: string): void => {
    window.clearTimeout(timer.current);
    const next = columnSearchValue(kind, text);
    if (next === null || next === applied) return;
    setSent(next);
    onSearch(column.name, type, next);
  };

  return (
    <input
      ref={attach}
      type="search"
      className={`column-search${applied === '' ? '' : ' is-active'}${value === null ? ' is-invalid' : ''}`}
      value={draft}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      autoComplete="off"
      spellCheck={false}
      aria-label={format(uiTexts.columnSearch, { field: column.displayName })}
      aria-invalid={value === null}
      title={value === null ? uiTexts.columnSearchNumber : undefined}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setDraft(text);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => commit(text), COLUMN_SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit(draft);
        } else if (event.key === 'Escape' && draft !== '') {
          event.preventDefault();
          setDraft('');
          commit('');
        }
      }}
    />
  );
}

/**
 * The per-column search row under the header (see docs/requirements.md#shell-lists-and-chat): "contains" for text columns, "equal" for
 * choices and numbers; it adds or replaces that one filter of the column, and emptying it removes it.
 */
export function ColumnSearchInput(props: ColumnSearchInputProps): ReactNode {
  const kind = searchFieldKind(props.column.component, props.column.options);
  const type = columnSearchType(kind);
  const testId = `column-search-${props.column.name}`;
  return kind === 'option' ? (
    <OptionColumnSearch {...props} type={type} testId={testId} />
  ) : (
    <TextColumnSearch {...props} type={type} testId={testId} />
  );
}
