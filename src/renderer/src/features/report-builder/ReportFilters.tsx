import { Button, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FieldMeta, ReportField } from '../../../../shared/contract';
import { parseFieldRef } from '../../../../shared/domain/report-builder';
import type { ListFilter } from '../../../../shared/domain';
import { EditorTableContext } from '../../components/field-editors';
import { reportBuilderTexts as texts } from '../../i18n/report-builder-texts';
import { defaultFilterType, emptyFilterValue, FilterRow, searchFieldKind } from '../list';

/** A report field as the list's filter row takes it: its own name within its own table. */
function asFieldMeta(field: ReportField, index: number): FieldMeta {
  return {
    id: index + 1,
    name: parseFieldRef(field.name).field,
    display_name: field.label,
    component: { name: field.component },
    category: '',
    options: field.options,
    show_insert: 0,
  };
}

type ReportFiltersProps = {
  /** Every field a filter may use: the table's and its relation's (`lead.x`). */
  fields: readonly (ReportField & { tableName: string })[];
  filters: readonly ListFilter[];
  onChange: (filters: ListFilter[]) => void;
};

/** The list screen's filter editor (12 types) for the report's fields, one row per chosen field. */
export function ReportFilters({ fields, filters, onChange }: ReportFiltersProps): ReactNode {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const unused = fields.filter((field) => !filters.some((filter) => filter.name === field.name));
  return (
    <div className="report-filters" data-testid="report-filters">
      {filters.map((filter, index) => {
        const field = byName.get(filter.name);
        if (!field) return null;
        return (
          <div className="report-filter" key={filter.name} data-testid={`report-filter-${filter.name}`}>
            {/* Choice fields of the lead search the leads table's options. */}
            <EditorTableContext value={field.tableName}>
              <FilterRow
                field={asFieldMeta(field, index)}
                kind={searchFieldKind(field.component, field.options)}
                draft={{ type: filter.type, value: filter.value }}
                onChange={(draft) =>
                  onChange(filters.map((item) => (item.name === filter.name ? { ...item, ...draft } : item)))
                }
              />
            </EditorTableContext>
            <Button
              variant="minimal"
              size="small"
              icon="trash"
              title={texts.removeFilter}
              aria-label={texts.removeFilter}
              onClick={() => onChange(filters.filter((item) => item.name !== filter.name))}
              data-testid={`report-filter-remove-${filter.name}`}
            />
          </div>
        );
      })}
      <HTMLSelect
        value=""
        aria-label={texts.addFilter}
        onChange={(event) => {
          const field = byName.get(event.currentTarget.value);
          if (!field) return;
          const type = defaultFilterType(searchFieldKind(field.component, field.options));
          onChange([...filters, { name: field.name, type, value: emptyFilterValue(type) }]);
        }}
        data-testid="report-add-filter"
      >
        <option value="">{texts.addFilter}</option>
        {unused.map((field) => (
          <option key={field.name} value={field.name}>
            {field.label}
          </option>
        ))}
      </HTMLSelect>
    </div>
  );
}
