import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FieldMeta } from '../../../../../shared/contract';
import {
  FILTER_TYPE_LABELS,
  FILTER_TYPES,
  filterInputKind,
  isFilterType,
  isFilterValueEmpty,
  type FilterType,
  type FilterValue,
} from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { FieldEditor, type FieldEditorValue } from '../../../components/field-editors';
import { uiTexts } from '../../../i18n/ui-texts';
import { coerceFilterValue, type SearchFieldKind } from './filter-state';
import { RangeEditor } from './RangeEditor';

/** One row of the detailed search: the operator and value a person is composing for a field. */
export type FilterDraft = { type: FilterType; value: FilterValue };

export type FilterRowProps = {
  field: FieldMeta;
  kind: SearchFieldKind;
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
};

const OPERATOR_ITEMS = Object.values(FILTER_TYPES).map((type) => ({
  value: type,
  label: FILTER_TYPE_LABELS[type],
}));

function toEditorValue(value: FilterValue): FieldEditorValue {
  if (typeof value === 'string') return value === '' ? null : value;
  if (Array.isArray(value)) return value.length === 0 ? null : value;
  return null;
}

function fromEditorValue(value: FieldEditorValue, multiple: boolean): FilterValue {
  if (multiple) return value === null ? [] : Array.isArray(value) ? value : [value];
  if (value === null) return '';
  return Array.isArray(value) ? (value[0] ?? '') : value;
}

/**
 * docs/requirements.md#filters-and-list-input: types 11 and 12 take a multiple select, 2, 3, 8, 9 a free text ("Değer girin"), 10 a start and
 * an end, the others the field's own search component.
 */
export function FilterRow({ field, kind, draft, onChange }: FilterRowProps): ReactNode {
  const inputKind = filterInputKind(draft.type);
  const testId = `filter-value-${field.name}`;
  let editor: ReactNode;
  switch (inputKind) {
    case 'text':
      editor = (
        <InputGroup
          value={typeof draft.value === 'string' ? draft.value : ''}
          onValueChange={(text) => onChange({ ...draft, value: text })}
          placeholder={messages.enterValue}
          autoComplete="off"
          aria-label={field.display_name}
          data-testid={testId}
        />
      );
      break;
    case 'range':
      editor = (
        <RangeEditor
          field={field}
          isDate={kind === 'date'}
          value={
            typeof draft.value === 'object' && !Array.isArray(draft.value)
              ? draft.value
              : { start: '', end: '' }
          }
          onChange={(value) => onChange({ ...draft, value })}
        />
      );
      break;
    case 'multi':
    case 'component': {
      const multiple = inputKind === 'multi';
      editor = (
        <FieldEditor
          field={field}
          mode="filter"
          multiple={multiple}
          value={toEditorValue(draft.value)}
          onChange={(value) => onChange({ ...draft, value: fromEditorValue(value, multiple) })}
          testId={testId}
        />
      );
      break;
    }
  }
  const empty = isFilterValueEmpty(draft);
  return (
    <div className={`filter-row${empty ? '' : ' has-value'}`} data-testid={`filter-row-${field.name}`}>
      <label className="filter-row-label" htmlFor={`filter-type-${field.name}`} title={field.display_name}>
        {field.display_name}
      </label>
      <HTMLSelect
        id={`filter-type-${field.name}`}
        className="filter-row-operator"
        value={draft.type}
        options={OPERATOR_ITEMS}
        aria-label={uiTexts.filterOperator}
        onChange={(event) => {
          const type = Number(event.currentTarget.value);
          if (!isFilterType(type)) return;
          onChange({ type, value: coerceFilterValue(draft.value, filterInputKind(type)) });
        }}
        data-testid={`filter-type-${field.name}`}
      />
      <div className="filter-row-value">{editor}</div>
      <Button
        variant="minimal"
        size="small"
        icon="cross"
        className="filter-row-clear"
        disabled={empty}
        title={uiTexts.clearRow}
        aria-label={uiTexts.clearRow}
        onClick={() => onChange({ ...draft, value: coerceFilterValue('', inputKind) })}
        data-testid={`filter-clear-${field.name}`}
      />
    </div>
  );
}
