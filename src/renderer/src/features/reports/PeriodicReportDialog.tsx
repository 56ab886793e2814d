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
import { MAX_RECEIVERS, parseReceivers } from '../../../../shared/domain/receivers';
import { UTM_KEYS, type UtmKey } from '../../../../shared/domain/report-keys';
import { format, messages } from '../../../../shared/i18n/messages';
import { periodicReportMessages as p } from '../../../../shared/i18n/periodic-report-messages';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { periodicReportTexts as t } from '../../i18n/periodic-report-texts';
import { TurkishDateInput } from '../../components/date-input';
import { reportTexts } from '../../i18n/report-texts';
import { FormDialog } from '../../ui/FormDialog';
import {
  RANGE_RULE_KINDS,
  type RangeRule,
  type RangeRuleKind,
} from '../../../../shared/domain/report-range-rules';
import { workflowMessages } from '../../../../shared/i18n/workflow-messages';
import { useNotifier } from '../../ui/toaster';

type PeriodicReportDialogProps = {
  onClose: () => void;
  onSaved: () => void;
  /** Opened from the report builder: that saved report is the one to send. */
  savedReport?: { id: number; name: string };
};

const oneOf = <T extends string | number>(list: readonly T[], value: string | number): T | undefined =>
  list.find((item) => String(item) === String(value));

/** Tomorrow 09:00 in this machine's clock, as the API's 'YYYY-MM-DD HH:mm:ss'. */
function tomorrowMorning(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} 09:00:00`;
}

/** The rule that matches a period: a daily mail covers yesterday, a weekly one the last 7 days. */
const RULE_OF_PERIOD: Record<PeriodicPeriod, RangeRuleKind> = {
  1: 'yesterday',
  7: 'last_7_days',
  30: 'last_30_days',
};

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
  // The range each mail covers, as a rule computed when it is sent (docs/user-guide.md#scheduled-reports).
  const [ruleKind, setRuleKind] = useState<RangeRuleKind | null>(null);
  const [fixedStart, setFixedStart] = useState('');
  const [fixedEnd, setFixedEnd] = useState('');
  const kind = ruleKind ?? RULE_OF_PERIOD[period];
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
  const rangeProblem =
    kind !== 'fixed'
      ? null
      : fixedStart === '' || fixedEnd === ''
        ? workflowMessages.rangeRuleInvalid
        : fixedEnd < fixedStart
          ? workflowMessages.rangeRuleFixedOrder
          : null;
  const nextProblem = nextSend.trim() === '' ? p.nextSendInvalid : null;
  const rule: RangeRule =
    kind === 'fixed' ? { kind, start: fixedStart.slice(0, 10), end: fixedEnd.slice(0, 10) } : { kind };

  function submit(): void {
    setTried(true);
    if (nameProblem || receiversProblem || reportProblem || rangeProblem || nextProblem) return;
    save.mutate({
      body: {
        name: name.trim(),
        type,
        period,
        receiver,
        next_send_date: nextSend.slice(0, 16),
        range_rule: rule,
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
      <FormGroup
        label={workflowMessages.rangeRuleLabel}
        labelFor="periodic-range"
        intent={tried && rangeProblem ? 'danger' : 'none'}
        helperText={tried && rangeProblem ? rangeProblem : workflowMessages.rangeRuleHint}
      >
        <HTMLSelect
          id="periodic-range"
          fill
          value={kind}
          onChange={(event) => setRuleKind(oneOf(RANGE_RULE_KINDS, event.currentTarget.value) ?? null)}
          options={RANGE_RULE_KINDS.map((value) => ({ value, label: workflowMessages.rangeRules[value] }))}
          data-testid="periodic-range"
        />
      </FormGroup>
      {kind === 'fixed' && (
        <div className="periodic-fixed-range">
          <FormGroup label={workflowMessages.rangeRuleStart} labelFor="periodic-range-start">
            <TurkishDateInput
              id="periodic-range-start"
              value={fixedStart}
              onChange={setFixedStart}
              withTime={false}
              testId="periodic-range-start"
            />
          </FormGroup>
          <FormGroup label={workflowMessages.rangeRuleEnd} labelFor="periodic-range-end">
            <TurkishDateInput
              id="periodic-range-end"
              value={fixedEnd}
              onChange={setFixedEnd}
              withTime={false}
              testId="periodic-range-end"
            />
          </FormGroup>
        </div>
      )}
      <FormGroup
        label={t.nextSend}
        labelFor="periodic-next"
        intent={tried && nextProblem ? 'danger' : 'none'}
        helperText={tried ? nextProblem : undefined}
      >
        <TurkishDateInput
          id="periodic-next"
          value={nextSend}
          onChange={setNextSend}
          withTime
          testId="periodic-next"
        />
      </FormGroup>
    </FormDialog>
  );
}
