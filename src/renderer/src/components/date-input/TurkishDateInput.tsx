import { DateInput, TimePrecision, type DateInputProps } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { format } from 'date-fns';
import { tr } from 'date-fns/locale';
import type { KeyboardEvent, ReactNode } from 'react';
import { dateTexts } from '../../i18n/date-texts';
import {
  PICKER_MAX_DATE,
  PICKER_MIN_DATE,
  apiToPickerValue,
  formatDateText,
  parseDateText,
  pickerToApiValue,
} from './date-input-values';

export type TurkishDateInputProps = {
  /** The API's text: 'YYYY-MM-DD' for a date, 'YYYY-MM-DD HH:mm:ss' with time; '' when empty. */
  value: string;
  /** Gets the same format back, '' when the box was cleared. */
  onChange: (value: string) => void;
  withTime: boolean;
  minDate?: Date;
  maxDate?: Date;
  id?: string;
  /** Put on the text box a person types into. */
  testId?: string;
  ariaLabel?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  fill?: boolean;
  placeholder?: string;
};

// The calendar in Turkish (month names, "Pzt" first: date-fns' tr starts weeks on Monday), the same in
// every browser and OS language; the chrome react-day-picker would label in English gets Turkish too.
const DAY_PICKER_PROPS: DateInputProps['dayPickerProps'] = {
  formatters: { formatWeekdayName: (day) => format(day, 'EEE', { locale: tr }) },
  labels: {
    labelPrevious: () => dateTexts.previousMonth,
    labelNext: () => dateTexts.nextMonth,
    labelMonthDropdown: () => dateTexts.month,
    labelYearDropdown: () => dateTexts.year,
  },
};

const formatDay = (date: Date): string => formatDateText(date, false);
const formatDayTime = (date: Date): string => formatDateText(date, true);
const parseDay = (text: string): Date | false | null => parseDateText(text, false);
const parseDayTime = (text: string): Date | false | null => parseDateText(text, true);

/**
 * Esc with the calendar open closes the calendar only: the drawer or dialog around the box (detailed
 * search, insert form) would otherwise close too and take what was typed with it.
 */
function keepEscapeInCalendar(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key === 'Escape' && event.currentTarget.getAttribute('aria-expanded') === 'true') {
    event.stopPropagation();
  }
}

/** A data-testid as a spreadable bag: InputGroup props typed as an object take no data-* keys. */
function testIdProps(testId: string | undefined): Record<string, string> {
  return testId ? { 'data-testid': testId } : {};
}

/**
 * The one date / date-time input of the app (see docs/architecture.md#renderer-features): Blueprint's DateInput with a Turkish calendar
 * and DD.MM.YYYY [HH:mm] text (dayjs), never the browser's native mm/dd/yyyy. Values stay in the API's
 * format both ways, so callers never see Date objects or time zones.
 */
export function TurkishDateInput({
  value,
  onChange,
  withTime,
  minDate = PICKER_MIN_DATE,
  maxDate = PICKER_MAX_DATE,
  id,
  testId,
  ariaLabel,
  autoFocus,
  disabled,
  fill,
  placeholder,
}: TurkishDateInputProps): ReactNode {
  return (
    <DateInput
      className="turkish-date-input"
      value={apiToPickerValue(value, withTime)}
      onChange={(next) => onChange(pickerToApiValue(next, withTime, value))}
      formatDate={withTime ? formatDayTime : formatDay}
      parseDate={withTime ? parseDayTime : parseDay}
      locale={tr}
      timePrecision={withTime ? TimePrecision.MINUTE : undefined}
      showTimezoneSelect={false}
      minDate={minDate}
      maxDate={maxDate}
      highlightCurrentDay
      showActionsBar
      todayButtonText={dateTexts.today}
      clearButtonText={dateTexts.clear}
      invalidDateMessage={dateTexts.invalidDate}
      outOfRangeMessage={dateTexts.outOfRange}
      placeholder={placeholder ?? (withTime ? dateTexts.dateTimePlaceholder : dateTexts.datePlaceholder)}
      dayPickerProps={DAY_PICKER_PROPS}
      disabled={disabled}
      fill={fill}
      popoverProps={{ placement: 'bottom-start' }}
      inputProps={{
        id,
        autoFocus,
        'aria-label': ariaLabel,
        onKeyDown: keepEscapeInCalendar,
        ...testIdProps(testId),
      }}
    />
  );
}
