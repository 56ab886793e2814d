import { HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { shellTexts } from '../../i18n/shell-texts';
import { uiTexts } from '../../i18n/ui-texts';
import { dayOf, lastDays, type DayRange } from './day-range';
import { TurkishDateInput } from './TurkishDateInput';
import './date-range.css';

const QUICK_RANGES = [
  { days: 7, label: shellTexts.rangeLast7 },
  { days: 30, label: shellTexts.rangeLast30 },
  { days: 90, label: shellTexts.rangeLast90 },
] as const;

type DateRangePickerProps = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** Test ids of the box and its parts: `{prefix}`, `{prefix}-quick`, `{prefix}-start`, `{prefix}-end`. */
  testIdPrefix: string;
};

/** A quick choice (last 7/30/90 days) and two Turkish day pickers bounding each other. */
export function DateRangePicker({ value, onChange, testIdPrefix }: DateRangePickerProps): ReactNode {
  const quick = QUICK_RANGES.find((option) => {
    const range = lastDays(option.days);
    return range.start === value.start && range.end === value.end;
  });
  return (
    <div className="date-range" data-testid={testIdPrefix}>
      <HTMLSelect
        value={quick ? String(quick.days) : ''}
        aria-label={uiTexts.quickRange}
        onChange={(event) => {
          const days = Number(event.currentTarget.value);
          if (days > 0) onChange(lastDays(days));
        }}
        options={[
          { value: '', label: uiTexts.quickRange, disabled: true },
          ...QUICK_RANGES.map((option) => ({ value: String(option.days), label: option.label })),
        ]}
        data-testid={`${testIdPrefix}-quick`}
      />
      <TurkishDateInput
        withTime={false}
        value={value.start}
        maxDate={dayOf(value.end)}
        ariaLabel={uiTexts.rangeStart}
        onChange={(start) => onChange({ ...value, start })}
        testId={`${testIdPrefix}-start`}
      />
      <span className="date-range-sep">–</span>
      <TurkishDateInput
        withTime={false}
        value={value.end}
        minDate={dayOf(value.start)}
        ariaLabel={uiTexts.rangeEnd}
        onChange={(end) => onChange({ ...value, end })}
        testId={`${testIdPrefix}-end`}
      />
    </div>
  );
}
