import type { ReportForm, ReportFormInput } from '../../../../shared/contract';
import {
  FILTER_TYPES,
  isFilterType,
  isFilterValueEmpty,
  type FilterValue,
  type ListFilter,
} from '../../../../shared/domain';
import type { ReportChartType, ReportType, ReportValueType } from '../../../../shared/domain/report-builder';
import { lastDays } from '../../components/date-input';

/** The report form as the screen edits it (see docs/requirements.md#lead-money-task-and-report-data Report form); '' means "not chosen". */
export interface ReportFormState {
  table: string;
  reportType: ReportType;
  valueType: ReportValueType;
  sumField: string;
  xaxis: string;
  yaxis: string;
  ylistFields: string[];
  onlyActiveUser: boolean;
  chartType: ReportChartType | '';
  filters: ListFilter[];
}

/** Leads of the last 30 days per day and status, as a bar chart: a bounded report that runs as it is. */
export function initialForm(): ReportFormState {
  return {
    table: 'leads',
    reportType: 'daily',
    valueType: 'COUNT',
    sumField: '',
    xaxis: 'created_at',
    yaxis: 'status_id',
    ylistFields: [],
    onlyActiveUser: false,
    chartType: 'bar',
    filters: [{ name: 'created_at', type: FILTER_TYPES.between, value: lastDays(30) }],
  };
}

const blank = (text: string): string | undefined => (text === '' ? undefined : text);

/** What the server takes: empty choices and empty filters left out (see docs/requirements.md#money-importer-and-lead-input: filters need a value). */
export function toReportBody(form: ReportFormState): ReportFormInput {
  return {
    table: form.table,
    reportType: form.reportType,
    valueType: form.valueType,
    sumField: form.valueType === 'SUM' ? blank(form.sumField) : undefined,
    xaxis: blank(form.xaxis),
    yaxis: blank(form.yaxis),
    ylistFields: form.reportType === 'list' ? form.ylistFields : [],
    onlyActiveUser: form.onlyActiveUser ? 1 : 0,
    chartSetting: form.chartType === '' ? undefined : { type: form.chartType },
    filters: form.filters
      .filter((filter) => !isFilterValueEmpty(filter))
      .map((filter) => ({ name: filter.name, type: filter.type, value: filter.value })),
  };
}

function filterValue(value: ReportForm['filters'][number]['value']): FilterValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  return { start: value.start ?? '', end: value.end ?? '' };
}

/** A saved report's form back into the screen's state. */
export function fromSaved(values: ReportForm): ReportFormState {
  return {
    table: values.table,
    reportType: values.reportType,
    valueType: values.valueType,
    sumField: values.sumField ?? '',
    xaxis: values.xaxis ?? '',
    yaxis: values.yaxis ?? '',
    ylistFields: [...values.ylistFields],
    onlyActiveUser: values.onlyActiveUser === 1,
    chartType: values.chartSetting?.type ?? '',
    filters: values.filters.flatMap((filter) =>
      isFilterType(filter.type)
        ? [{ name: filter.name, type: filter.type, value: filterValue(filter.value) }]
        : [],
    ),
  };
}
