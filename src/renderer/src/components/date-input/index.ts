export { TurkishDateInput } from './TurkishDateInput';
export type { TurkishDateInputProps } from './TurkishDateInput';
export {
  DATE_TEXT_FORMAT,
  DATE_TIME_TEXT_FORMAT,
  apiToPickerValue,
  formatDateText,
  parseDateText,
  pickerToApiValue,
} from './date-input-values';
export { DateRangePicker } from './DateRangePicker';
export { dayOf, isValidRange, lastDays, type DayRange } from './day-range';
