import { Classes, Icon } from '@blueprintjs/core';
import { useCallback, type ReactNode } from 'react';
import type { ListSort } from '../../../../shared/domain';

export type SortHeaderProps = {
  field: string;
  label: string;
  sort: ListSort;
  onToggle: (field: string) => void;
};

/**
 * Blueprint's Table draws the header twice: once in the scrolling main quadrant (covered) and once in the
 * sticky top quadrant (the one people click). Only the visible copy gets the test id and stays reachable
 * by keyboard and screen readers, so neither users nor tests meet the same header twice.
 */
const HIDDEN_QUADRANT = `.${Classes.getClassNamespace()}-table-quadrant-main`;

/** A column title that sorts on click; the arrow shows the current direction (see docs/requirements.md#notification-and-list-states). */
export function SortHeader({ field, label, sort, onToggle }: SortHeaderProps): ReactNode {
  const active = sort.name === field;
  const attach = useCallback(
    (element: HTMLButtonElement | null) => {
      if (!element) return;
      if (element.closest(HIDDEN_QUADRANT)) {
        element.tabIndex = -1;
        element.setAttribute('aria-hidden', 'true');
        element.removeAttribute('data-testid');
      } else {
        element.dataset.testid = `sort-${field}`;
      }
    },
    [field],
  );
  return (
    <button
      ref={attach}
      type="button"
      className={`list-sort${active ? ' is-active' : ''}`}
      onClick={() => onToggle(field)}
      data-sort={active ? sort.type : undefined}
      title={label}
    >
      <span className="list-sort-label">{label}</span>
      <Icon
        className="list-sort-icon"
        icon={active ? (sort.type === 'asc' ? 'arrow-up' : 'arrow-down') : 'double-caret-vertical'}
        size={12}
      />
    </button>
  );
}
