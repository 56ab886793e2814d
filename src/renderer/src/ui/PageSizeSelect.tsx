import { HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { WORKSPACE_PAGE_SIZE_OPTIONS } from '../../../shared/domain';
import { messages } from '../../../shared/i18n/messages';

type PageSizeSelectProps = {
  value: number;
  onChange: (size: number) => void;
  /** The sizes offered; the workspaces' 15…500 unless a screen has its own. */
  options?: readonly number[];
  testId?: string;
};

/**
 * "Sayfa başına" with the page sizes of a workspace (see docs/requirements.md#constants-and-limits: 15, 25, 50, 100, 250, 500). The value is
 * read as an integer (see docs/requirements.md#filters-and-list-input); anything else changes nothing.
 */
export function PageSizeSelect({
  value,
  onChange,
  options = WORKSPACE_PAGE_SIZE_OPTIONS,
  testId = 'page-size',
}: PageSizeSelectProps): ReactNode {
  return (
    <label className="page-size-select">
      <span>{messages.pageSize}</span>
      <HTMLSelect
        value={value}
        options={options.map((size) => ({ value: size, label: String(size) }))}
        onChange={(event) => {
          const size = Number.parseInt(event.currentTarget.value, 10);
          if (Number.isInteger(size) && options.includes(size)) onChange(size);
        }}
        data-testid={testId}
      />
    </label>
  );
}
