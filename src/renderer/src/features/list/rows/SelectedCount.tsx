import type { ReactNode } from 'react';
import { format, messages } from '../../../../../shared/i18n/messages';

export type SelectedCountProps = { count: number };

/** The footer's "Seçili: {n}" (see docs/requirements.md#shell-lists-and-chat). */
export function SelectedCount({ count }: SelectedCountProps): ReactNode {
  return (
    <span className="list-selected-count" data-testid="selected-count" data-count={count}>
      {format(messages.selectedCount, { count: count.toLocaleString('tr-TR') })}
    </span>
  );
}
