import { HTMLSelect } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { FieldMeta } from '../../../../../shared/contract';
import { DATE_QUICK_RANGES, resolveQuickRange, type DateTimeRange } from '../../../../../shared/domain';
import { FieldEditor } from '../../../components/field-editors';
import { uiTexts } from '../../../i18n/ui-texts';

export type RangeEditorProps = {
  field: FieldMeta;
  isDate: boolean;
  value: DateTimeRange;
  onChange: (value: DateTimeRange) => void;
};

const QUICK_ITEMS = [
  { value: '', label: uiTexts.quickRange },
  ...DATE_QUICK_RANGES.map((range) => ({ value: range.key, label: range.label })),
];

/** The quick option the range equals today, so a reopened panel still says "1 hafta" rather than two dates. */
export function matchingQuickRange(value: DateTimeRange, now: Date): string {
  if (value.start.trim() === '' && value.end.trim() === '') return '';
  const match = DATE_QUICK_RANGES.find((range) => {
    const resolved = resolveQuickRange(range.key, now);
    return resolved !== null && resolved.start === value.start && resolved.end === value.end;
  });
  return match?.key ?? 'custom';
}

/**
 * Type 10 "Arasında": a start and an end in the field's own editor, either may stay open. Date fields get
 * the quick options of docs/requirements.md#filters-and-list-input (today ... 180 days, custom), resolved to whole local days.
 */
export function RangeEditor({ field, isDate, value, onChange }: RangeEditorProps): ReactNode {
  // "Özel" chosen with nothing entered yet must stay chosen, though no range matches it.
  const [customPicked, setCustomPicked] = useState(false);
  const matched = matchingQuickRange(value, new Date());
  const quick = matched === '' && customPicked ? 'custom' : matched;
  return (
    <div className="range-editor">
      {isDate ? (
        <HTMLSelect
          className="range-editor-quick"
          value={quick}
          options={QUICK_ITEMS}
          aria-label={uiTexts.quickRange}
          onChange={(event) => {
            const key = event.currentTarget.value;
            setCustomPicked(key === 'custom');
            const resolved = resolveQuickRange(key, new Date());
            if (resolved) onChange(resolved);
            else if (key === '') onChange({ start: '', end: '' });
          }}
          data-testid={`filter-quick-${field.name}`}
        />
      ) : null}
      <div className="range-editor-ends">
        <label className="range-editor-end">
          <span>{uiTexts.rangeStart}</span>
          <FieldEditor
            field={field}
            mode="filter"
            value={value.start === '' ? null : value.start}
            onChange={(next) => onChange({ ...value, start: typeof next === 'string' ? next : '' })}
            testId={`filter-start-${field.name}`}
          />
        </label>
        <label className="range-editor-end">
          <span>{uiTexts.rangeEnd}</span>
          <FieldEditor
            field={field}
            mode="filter"
            value={value.end === '' ? null : value.end}
            onChange={(next) => onChange({ ...value, end: typeof next === 'string' ? next : '' })}
            testId={`filter-end-${field.name}`}
          />
        </label>
      </div>
    </div>
  );
}
