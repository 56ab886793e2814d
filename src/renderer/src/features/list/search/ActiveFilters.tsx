import { Button, Classes } from '@blueprintjs/core';
import { SmallCrossIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import type { FieldMeta } from '../../../../../shared/contract';
import type { FilterType, ListFilter } from '../../../../../shared/domain';
import { useOptions } from '../../../api/options';
import { uiTexts } from '../../../i18n/ui-texts';
import { searchFieldKind } from './filter-state';
import { filterTagText } from './filter-text';

export type ActiveFiltersProps = {
  filters: readonly ListFilter[];
  /** Field metadata by name, for labels and option lists; a filter on an unknown field shows its name. */
  fields: ReadonlyMap<string, FieldMeta>;
  onRemove: (name: string, type: FilterType) => void;
  onClear: () => void;
};

export type ActiveFilterTagProps = {
  filter: ListFilter;
  field: FieldMeta | undefined;
  onRemove: () => void;
};

function ActiveFilterTag({ filter, field, onRemove }: ActiveFilterTagProps): ReactNode {
  const options = useOptions(field?.options);
  const kind = field ? searchFieldKind(field.component.name, field.options) : 'text';
  const byValue = options.data?.byValue;
  const text = filterTagText(
    filter,
    field?.display_name ?? filter.name,
    kind,
    (value) => byValue?.get(value)?.label ?? value,
  );
  // Blueprint's own remove button says "Remove tag" in English; this one is Turkish and has a test id.
  return (
    <span
      className={`${Classes.TAG} ${Classes.MINIMAL} ${Classes.intentClass('primary')} active-filter`}
      title={text}
      data-testid={`active-filter-${filter.name}`}
      data-filter-type={filter.type}
    >
      <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.FILL}`}>{text}</span>
      <button
        type="button"
        className={Classes.TAG_REMOVE}
        aria-label={uiTexts.removeFilter}
        title={uiTexts.removeFilter}
        onClick={onRemove}
        data-testid={`remove-filter-${filter.name}`}
      >
        <SmallCrossIcon />
      </button>
    </span>
  );
}

/** The filters in force, above the table: each removable, and all of them at once with "Filtreleri temizle". */
export function ActiveFilters({ filters, fields, onRemove, onClear }: ActiveFiltersProps): ReactNode {
  if (filters.length === 0) return null;
  return (
    <div className="active-filters" data-testid="active-filters" aria-label={uiTexts.activeFilters}>
      {filters.map((filter) => (
        <ActiveFilterTag
          key={`${filter.name}:${filter.type}`}
          filter={filter}
          field={fields.get(filter.name)}
          onRemove={() => onRemove(filter.name, filter.type)}
        />
      ))}
      <Button
        variant="minimal"
        size="small"
        icon="filter-remove"
        text={uiTexts.clearFilters}
        onClick={onClear}
        data-testid="clear-filters"
      />
    </div>
  );
}
