import { Button, Checkbox, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { CallResult, ReportField } from '../../../../shared/contract';
import {
  REPORT_CHART_TYPES,
  REPORT_TYPES,
  REPORT_VALUE_TYPES,
  type ReportChartType,
  type ReportType,
  type ReportValueType,
} from '../../../../shared/domain/report-builder';
import { reportBuilderTexts as texts } from '../../i18n/report-builder-texts';
import { initialForm, type ReportFormState } from './report-form-state';
import { ReportFilters } from './ReportFilters';

export type ReportFieldOption = ReportField & { tableName: string };

/** The table's fields and its relations' (`lead.x`), each with the table whose options it reads. */
export function fieldOptions(
  answer: CallResult<'reportBuilderFields'> | undefined,
  table: string,
): ReportFieldOption[] {
  if (!answer) return [];
  return [
    ...answer.fields.map((field) => ({ ...field, tableName: table })),
    ...answer.relations.flatMap((relation) =>
      relation.fields.map((field) => ({
        ...field,
        label: `${relation.label} › ${field.label}`,
        tableName: relation.table,
      })),
    ),
  ];
}

const isDate = (field: ReportField): boolean => field.kind === 'date' || field.kind === 'timestamp';
const groupable = (field: ReportField): boolean => field.kind !== 'other';
const numeric = (field: ReportField): boolean => field.kind === 'integer' || field.kind === 'decimal';

function FieldSelect(props: {
  label: string;
  value: string;
  fields: readonly ReportFieldOption[];
  optional?: boolean;
  onChange: (value: string) => void;
  testId: string;
}): ReactNode {
  return (
    <FormGroup label={props.label} labelFor={props.testId} className="report-form-group">
      <HTMLSelect
        id={props.testId}
        fill
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        data-testid={props.testId}
      >
        {props.optional || props.value === '' ? <option value="">{texts.none}</option> : null}
        {props.fields.map((field) => (
          <option key={field.name} value={field.name}>
            {field.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

type ReportFormPanelProps = {
  form: ReportFormState;
  onChange: (form: ReportFormState) => void;
  fields: CallResult<'reportBuilderFields'> | undefined;
  running: boolean;
  onRun: () => void;
};

/** The report form of docs/requirements.md#lead-money-task-and-report-data: type, value, axes, list fields, active users, chart and filters. */
export function ReportFormPanel({ form, onChange, fields, running, onRun }: ReportFormPanelProps): ReactNode {
  const all = fieldOptions(fields, form.table);
  const set = <K extends keyof ReportFormState>(key: K, value: ReportFormState[K]): void =>
    onChange({ ...form, [key]: value });
  const xFields = all.filter(
    form.reportType === 'daily' || form.reportType === 'monthly' ? isDate : groupable,
  );
  return (
    <form
      className="report-form"
      onSubmit={(event) => {
        event.preventDefault();
        onRun();
      }}
      data-testid="report-form"
    >
      <FormGroup label={texts.table} labelFor="report-table" className="report-form-group">
        <HTMLSelect
          id="report-table"
          fill
          value={form.table}
          onChange={(event) => {
            const table = event.currentTarget.value;
            if (table === form.table) return;
            // Another table has other fields: axes start over, from its creation date over the last 30 days.
            onChange({ ...initialForm(), table, yaxis: '', chartType: form.chartType });
          }}
          data-testid="report-table"
        >
          {(fields?.tables ?? [{ value: form.table, label: form.table }]).map((table) => (
            <option key={table.value} value={table.value}>
              {table.label}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <div className="report-form-row">
        <FormGroup label={texts.reportType} labelFor="report-type" className="report-form-group">
          <HTMLSelect
            id="report-type"
            fill
            value={form.reportType}
            onChange={(event) => set('reportType', event.currentTarget.value as ReportType)}
            data-testid="report-type"
          >
            {REPORT_TYPES.map((type) => (
              <option key={type} value={type}>
                {texts.reportTypes[type]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {form.reportType !== 'list' ? (
          <FormGroup label={texts.valueType} labelFor="report-value-type" className="report-form-group">
            <HTMLSelect
              id="report-value-type"
              fill
              value={form.valueType}
              onChange={(event) => set('valueType', event.currentTarget.value as ReportValueType)}
              data-testid="report-value-type"
            >
              {REPORT_VALUE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {texts.valueTypes[type]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ) : null}
      </div>
      {form.reportType !== 'list' && form.valueType === 'SUM' ? (
        <FieldSelect
          label={texts.sumField}
          value={form.sumField}
          fields={all.filter(numeric)}
          onChange={(value) => set('sumField', value)}
          testId="report-sum-field"
        />
      ) : null}
      {form.reportType === 'list' ? (
        <FormGroup label={texts.listFields} className="report-form-group">
          <div className="report-list-fields" data-testid="report-list-fields">
            {all.map((field) => (
              <Checkbox
                key={field.name}
                label={field.label}
                checked={form.ylistFields.includes(field.name)}
                onChange={(event) =>
                  set(
                    'ylistFields',
                    event.currentTarget.checked
                      ? [...form.ylistFields, field.name]
                      : form.ylistFields.filter((name) => name !== field.name),
                  )
                }
              />
            ))}
          </div>
        </FormGroup>
      ) : (
        <div className="report-form-row">
          <FieldSelect
            label={texts.xaxis}
            value={form.xaxis}
            fields={xFields}
            onChange={(value) => set('xaxis', value)}
            testId="report-xaxis"
          />
          <FieldSelect
            label={texts.yaxis}
            value={form.yaxis}
            fields={all.filter(groupable)}
            optional
            onChange={(value) => set('yaxis', value)}
            testId="report-yaxis"
          />
        </div>
      )}
      <div className="report-form-row">
        <FormGroup label={texts.chart} labelFor="report-chart-type" className="report-form-group">
          <HTMLSelect
            id="report-chart-type"
            fill
            value={form.chartType}
            onChange={(event) => set('chartType', event.currentTarget.value as ReportChartType | '')}
            data-testid="report-chart-type"
          >
            <option value="">{texts.chartTypes.none}</option>
            {REPORT_CHART_TYPES.map((type) => (
              <option key={type} value={type}>
                {texts.chartTypes[type]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Switch
          className="report-active-switch"
          checked={form.onlyActiveUser}
          label={texts.onlyActiveUser}
          onChange={(event) => set('onlyActiveUser', event.currentTarget.checked)}
          data-testid="report-only-active"
        />
      </div>
      <FormGroup label={texts.filters} className="report-form-group">
        <ReportFilters fields={all} filters={form.filters} onChange={(filters) => set('filters', filters)} />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        icon="play"
        text={texts.run}
        loading={running}
        data-testid="report-run"
      />
    </form>
  );
}
