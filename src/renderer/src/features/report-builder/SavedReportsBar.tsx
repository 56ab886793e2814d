import { Button, ButtonGroup, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { SavedReport } from '../../../../shared/contract';
import { useCrmMutation } from '../../api/use-crm-call';
import { reportBuilderTexts as texts } from '../../i18n/report-builder-texts';
import { periodicReportTexts } from '../../i18n/periodic-report-texts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PeriodicReportDialog } from '../reports';
import { useNotifier } from '../../ui/toaster';
import { toReportBody, type ReportFormState } from './report-form-state';

type SavedReportsBarProps = {
  reports: readonly SavedReport[];
  loading: boolean;
  selected: SavedReport | null;
  isAdmin: boolean;
  /** Managers and admins schedule periodic reports (see docs/requirements.md#who-uses-it). */
  canSchedule: boolean;
  /** The form as it is now: what Kaydet and Güncelle store. */
  form: ReportFormState;
  onSelect: (report: SavedReport | null) => void;
  onSaved: (id: number) => void;
  onDeleted: () => void;
};

/**
 * Saved reports (see docs/requirements.md#lead-workspace-and-work-screens): choose one, save the form under a name; admins alone see Raporu Güncelle,
 * Chart ekle and Raporu sil (see docs/requirements.md#departments-and-permissions), the last after 'Rapor silinecek eminmisiniz ?' (see docs/requirements.md#money-importer-and-lead-input).
 */
export function SavedReportsBar(props: SavedReportsBarProps): ReactNode {
  const { reports, loading, selected, isAdmin, canSchedule, form, onSelect, onSaved, onDeleted } = props;
  const notifier = useNotifier();
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const fail = (error: { message: string }): void => notifier.danger(texts.reportFailed, error.message);
  const save = useCrmMutation('saveReport', {
    onSuccess: (answer) => {
      notifier.success(texts.reportSaved);
      setName('');
      onSaved(answer.report.id);
    },
    onError: fail,
  });
  const update = useCrmMutation('updateReport', {
    onSuccess: (answer) => {
      notifier.success(answer.msg);
      onSaved(answer.report.id);
    },
    onError: fail,
  });
  const remove = useCrmMutation('deleteReport', {
    onSuccess: () => {
      notifier.success(texts.reportDeleted);
      setConfirming(false);
      onDeleted();
    },
    onError: (error) => {
      setConfirming(false);
      fail(error);
    },
  });
  const body = toReportBody(form);

  return (
    <div className="saved-reports" data-testid="saved-reports">
      <FormGroup label={texts.savedReports} labelFor="saved-report-select" className="report-form-group">
        <HTMLSelect
          id="saved-report-select"
          fill
          disabled={loading}
          value={selected?.id ?? ''}
          onChange={(event) => {
            const id = Number(event.currentTarget.value);
            onSelect(reports.find((report) => report.id === id) ?? null);
          }}
          data-testid="saved-report-select"
        >
          <option value="">{texts.chooseSaved}</option>
          {reports.map((report) => (
            <option key={report.id} value={report.id}>
              {report.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <form
        className="saved-report-save"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') return;
          save.mutate({ body: { name: name.trim(), report_values: body } });
        }}
      >
        <InputGroup
          value={name}
          onValueChange={setName}
          placeholder={texts.reportName}
          aria-label={texts.reportName}
          data-testid="report-name"
        />
        <Button
          type="submit"
          icon="floppy-disk"
          text={texts.saveReport}
          disabled={name.trim() === ''}
          loading={save.isPending}
          data-testid="report-save"
        />
      </form>
      {canSchedule && selected ? (
        <Button
          icon="envelope"
          text={periodicReportTexts.sendPeriodically}
          onClick={() => setScheduling(true)}
          data-testid="report-schedule"
        />
      ) : null}
      {scheduling && selected ? (
        <PeriodicReportDialog
          savedReport={{ id: selected.id, name: selected.name }}
          onClose={() => setScheduling(false)}
          onSaved={() => setScheduling(false)}
        />
      ) : null}
      {isAdmin && selected ? (
        <ButtonGroup className="saved-report-admin">
          <Button
            icon="refresh"
            text={texts.updateReport}
            loading={update.isPending}
            onClick={() => update.mutate({ body: { id: selected.id, report_values: body } })}
            data-testid="report-update"
          />
          <Button
            icon="timeline-bar-chart"
            text={texts.addChart}
            onClick={() =>
              update.mutate({
                body: {
                  id: selected.id,
                  report_values: {
                    ...body,
                    chartSetting: { type: form.chartType === '' ? 'bar' : form.chartType },
                  },
                },
              })
            }
            data-testid="report-add-chart"
          />
          <Button
            icon="trash"
            intent="danger"
            text={texts.deleteReport}
            onClick={() => setConfirming(true)}
            data-testid="report-delete"
          />
        </ButtonGroup>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        message={texts.deleteConfirm}
        pending={remove.isPending}
        onConfirm={() => selected && remove.mutate({ body: { id: selected.id } })}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
