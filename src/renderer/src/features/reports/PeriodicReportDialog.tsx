import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import {
  MONTHLY_TRX_SCOPES,
  PERIODIC_PERIODS,
  PERIODIC_REPORT_TYPES,
  type MonthlyTrxScope,
  type PeriodicPeriod,
  type PeriodicReportType,
} from '../../../../shared/contract';
import { toApiDateTime } from '../../../../shared/domain/date-ranges';
import { MAX_RECEIVERS, parseReceivers } from '../../../../shared/domain/receivers';
import { UTM_KEYS, type UtmKey } from '../../../../shared/domain/report-keys';
import { format, messages } from '../../../../shared/i18n/messages';
import { periodicReportMessages as p } from '../../../../shared/i18n/periodic-report-messages';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { periodicReportTexts as t } from '../../i18n/periodic-report-texts';
import { TurkishDateInput } from '../../components/date-input';
import { reportTexts } from '../../i18n/report-texts';
import { FormDialog } from '../../ui/FormDialog';
import { useNotifier } from '../../ui/toaster';

type PeriodicReportDialogProps = {
  onClose: () => void;
  onSaved: () => void;
  /** Opened from the report builder: that saved report is the one to send. */
  savedReport?: { id: number; name: string };
};

const oneOf = <T extends string | number>(list: readonly T[], value: string | number): T | undefined =>
  list.find((item) => String(item) === String(value));

/** Tomorrow 09:00 in this machine's clock, in the API's form the Turkish picker takes. */
function tomorrowMorning(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(9, 0, 0, 0);
  return toApiDateTime(date);
}

/** The receivers' problem in Turkish, or null when every address is one (the server checks again). */
function receiverProblem(text: string): string | null {
  const check = parseReceivers(text);
  if (check.ok) return null;
  if (check.reason === 'empty') return p.receiverRequired;
  if (check.reason === 'too-many') return format(p.receiverTooMany, { max: MAX_RECEIVERS });
  return format(p.receiverInvalid, { address: check.address });
}

/** Schedules a report: which one, how often, to whom, and when first (see docs/requirements.md#calls savePeriod). */
export function PeriodicReportDialog({
  onClose,
  onSaved,
  savedReport,
}: PeriodicReportDialogProps): ReactNode {
  const notifier = useNotifier();
  const [name, setName] = useState(savedReport?.name ?? '');
  const [type, setType] = useState<PeriodicReportType>(savedReport ? 'builder' : 'monthly');
  const [reportId, setReportId] = useState<number | null>(savedReport?.id ?? null);
  // The report builder's saved reports, for type 'builder' (those the user may see).
  const saved = useCrmQuery('savedReports', {}, { enabled: type === 'builder' });
  const [utmKey, setUtmKey] = useState<UtmKey>('utm_source');
  const [trx, setTrx] = useState<MonthlyTrxScope>('all');
  const [period, setPeriod] = useState<PeriodicPeriod>(7);
  const [receiver, setReceiver] = useState('');
  const [nextSend, setNextSend] = useState(tomorrowMorning);
  const [tried, setTried] = useState(false);
  const save = useCrmMutation('savePeriod', {
    onSuccess: (answer) => {
      notifier.success(answer.msg);
      onSaved();
    },
    onError: (error) => notifier.danger(messages.operationFailed, error.message),
  });
  const nameProblem = name.trim() === '' ? p.nameRequired : null;
  const receiversProblem = receiverProblem(receiver);
  const reportProblem = type === 'builder' && reportId === null ? p.savedReportRequired : null;

  function submit(): void {
    setTried(true);
    if (nameProblem || receiversProblem || reportProblem) return;
    save.mutate({
      body: {
        name: name.trim(),
        type,
        period,
        receiver,
        next_send_date: nextSend,
        ...(type === 'utm' ? { utmKey } : {}),
        ...(type === 'monthly' ? { trx } : {}),
        ...(type === 'builder' && reportId !== null ? { report_id: reportId } : {}),
      },
    });
  }

  return (
    <FormDialog
      title={t.add}
      icon="envelope"
      onClose={onClose}
      formId="periodic-report-form"
      formClassName="periodic-form"
      testId="periodic-dialog"
      onSubmit={submit}
      pending={save.isPending}
      keepOpenWhilePending
      submitTestId="periodic-save"
    >
      <FormGroup
        label={t.name}
        labelFor="periodic-name"
        intent={tried && nameProblem ? 'danger' : 'none'}
        helperText={tried ? nameProblem : undefined}
      >
        <InputGroup
          id="periodic-name"
          value={name}
          onValueChange={setName}
          maxLength={200}
          data-testid="periodic-name"
        />
      </FormGroup>
      <FormGroup label={t.type} labelFor="periodic-type">
        <HTMLSelect
          id="periodic-type"
          fill
          value={type}
          onChange={(event) => setType(oneOf(PERIODIC_REPORT_TYPES, event.currentTarget.value) ?? 'monthly')}
          options={PERIODIC_REPORT_TYPES.map((value) => ({ value, label: t.types[value] }))}
          data-testid="periodic-type"
        />
      </FormGroup>
      {type === 'builder' && (
        <FormGroup
          label={t.savedReport}
          labelFor="periodic-saved-report"
          intent={tried && reportProblem ? 'danger' : 'none'}
          helperText={tried && reportProblem ? reportProblem : t.savedReportHint}
        >
          <HTMLSelect
            id="periodic-saved-report"
            fill
            value={reportId ?? ''}
            onChange={(event) => setReportId(Number(event.currentTarget.value) || null)}
            options={[
              { value: '', label: saved.isLoading ? t.savedReportLoading : t.savedReportChoose },
              ...(saved.data?.results ?? []).map((report) => ({ value: report.id, label: report.name })),
            ]}
            data-testid="periodic-saved-report"
          />
        </FormGroup>
      )}
      {type === 'utm' && (
        <FormGroup label={t.utmKey} labelFor="periodic-utm-key">
          <HTMLSelect
            id="periodic-utm-key"
            fill
            value={utmKey}
            onChange={(event) => setUtmKey(oneOf(UTM_KEYS, event.currentTarget.value) ?? 'utm_source')}
            options={UTM_KEYS.map((value) => ({ value, label: reportTexts.keys[value] }))}
          />
        </FormGroup>
      )}
      {type === 'monthly' && (
        <FormGroup label={t.trx} labelFor="periodic-trx">
          <HTMLSelect
            id="periodic-trx"
            fill
            value={trx}
            onChange={(event) => setTrx(oneOf(MONTHLY_TRX_SCOPES, event.currentTarget.value) ?? 'all')}
            options={[
              { value: 'all', label: t.trxAll },
              { value: 'completed', label: t.trxCompleted },
            ]}
          />
        </FormGroup>
      )}
      <FormGroup label={t.period} labelFor="periodic-period">
        <HTMLSelect
          id="periodic-period"
          fill
          value={period}
          onChange={(event) => setPeriod(oneOf(PERIODIC_PERIODS, event.currentTarget.value) ?? 7)}
          options={PERIODIC_PERIODS.map((value) => ({ value, label: t.periods[value] }))}
          data-testid="periodic-period"
        />
      </FormGroup>
      <FormGroup
        label={t.receiver}
        labelFor="periodic-receiver"
        intent={tried && receiversProblem ? 'danger' : 'none'}
        helperText={tried && receiversProblem ? receiversProblem : t.receiverHint}
      >
        <InputGroup
          id="periodic-receiver"
          value={receiver}
          onValueChange={setReceiver}
          placeholder="mudur@firma.com, rapor@firma.com"
          intent={tried && receiversProblem ? 'danger' : 'none'}
          data-testid="periodic-receiver"
        />
      </FormGroup>
      <FormGroup label={t.nextSend} labelFor="periodic-next">
        {/* The app's own Turkish picker (31.12.2025 14:05), never the browser's US one. */}
        <TurkishDateInput
          id="periodic-next"
          withTime
          value={nextSend}
          onChange={setNextSend}
          minDate={new Date()}
          fill
          testId="periodic-next"
        />
      </FormGroup>
    </FormDialog>
  );
}
