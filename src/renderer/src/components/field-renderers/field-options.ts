import type { OptionItem } from '../../../../shared/contract';
import type { ComponentType } from '../../../../shared/domain';
import { useOptions, useResolvedOptions, type OptionIndex } from '../../api/options';
import { uiTexts } from '../../i18n/ui-texts';

/**
 * A status field without an option list is a 0/1 flag (is_customer, notification, active): shown and
 * chosen as Evet / Hayır rather than a bare digit.
 */
export const FLAG_OPTIONS: readonly OptionItem[] = [
  { label: uiTexts.yes, value: 1 },
  { label: uiTexts.no, value: 0 },
];

const FLAG_INDEX: OptionIndex = {
  items: [...FLAG_OPTIONS],
  byValue: new Map(FLAG_OPTIONS.map((item) => [String(item.value), item])),
};

export function isFlagField(component: ComponentType, listId: number | null): boolean {
  return component === 'status' && listId === null;
}

export type FieldOptions = { index: OptionIndex | undefined; pending: boolean };

/** The options of a choice field: its option list (GET /getOption/{id}), or Evet/Hayır for a flag. */
export function useFieldOptions(component: ComponentType, listId: number | null): FieldOptions {
  const flag = isFlagField(component, listId);
  const options = useOptions(flag ? null : listId);
  if (flag) return { index: FLAG_INDEX, pending: false };
  return { index: options.data, pending: listId !== null && options.isPending };
}

/**
 * The options when the cell needs no query of its own: a flag's Evet/Hayır, or a list the screen around
 * observes (useOptionLists; `index` is undefined until it loads). Null: the cell observes it itself.
 */
export function useKnownOptions(
  component: ComponentType,
  listId: number | null,
): { index: OptionIndex | undefined } | null {
  const flag = isFlagField(component, listId);
  const resolved = useResolvedOptions(flag ? null : listId);
  if (flag) return { index: FLAG_INDEX };
  return resolved.owned ? { index: resolved.index } : null;
}
