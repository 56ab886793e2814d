import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  Icon,
  InputGroup,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RecordRow } from '../../../../shared/contract';
import { formatDateTimeTr, formatDecimalTr, OPTION_LIST_IDS } from '../../../../shared/domain';
import { APPROVAL, TRANSACTION_TYPES } from '../../../../shared/domain/transaction-flow';
import { LOCKED_MONEY_FIELDS, moneyLocked } from '../../../../shared/domain/transaction-state';
import { useOptions, type OptionIndex } from '../../api/options';
import { format, messages } from '../../../../shared/i18n/messages';
import { moneyMessages } from '../../../../shared/i18n/money-messages';
import { useCrmMutation, useCrmQuery } from '../../api/use-crm-call';
import { useNotifier } from '../../ui/toaster';
import { transactionTexts as tt } from '../../i18n/transaction-texts';
import { MoneyInput } from '../../ui/MoneyInput';
import { useAmountReading } from './AmountInput';
import { invalidateTransactions, textCell, type StatusIndex } from './transaction-queries';
import { useQueryClient } from '@tanstack/react-query';

type DialogProps = { id: number; onClose: () => void };

/** docs/requirements.md#lead-money-task-and-report-data "Lead info per transaction": POST /transaction/leadInfo?trx={id}. */
export function LeadInfoDialog({ id, onClose }: DialogProps): ReactNode {
  const info = useCrmQuery('transactionLeadInfo', { params: { trx: id } });
  const lead = info.data?.result;
  const rows: [string, string | null | undefined][] = lead
    ? [
        [tt.name, lead.name],
        [tt.phone, lead.phone],
        [tt.tc, lead.tc],
        [tt.email, lead.email],
        [tt.address, lead.address],
        [tt.ilce, lead.ilce],
        [tt.city, lead.city],
      ]
    : [];
  return (
    <Dialog isOpen onClose={onClose} title={format(tt.leadInfoTitle, { id })} icon="person">
      <DialogBody>
        {info.isError ? <Callout intent="danger">{info.error.message}</Callout> : null}
        {info.isPending ? <Spinner size={20} /> : null}
        {lead ? (
          <HTMLTable compact className="trx-info" data-testid="trx-lead-info">
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label}>
                  <th>{label}</th>
                  <td>{value ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {lead ? (
              <Link className={Classes.BUTTON} to={`/leadDetail/${lead.id}#para-islemleri`} onClick={onClose}>
                {tt.openLead}
              </Link>
            ) : null}
            <Button text={messages.close} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}

const CURRENCY_FIELDS = new Set(['currency_id', 'bank_currency_id', 'platform_currency_id']);
const AMOUNT_FIELDS = new Set(['amount', 'amount_bank', 'amount_platform']);

/** A journal value as people read it: status and currency names, Turkish dates and amounts. */
function journalValueText(
  name: string,
  value: string | null,
  statuses: StatusIndex,
  currencies: OptionIndex | undefined,
): string {
  if (value === null || value === '') return '—';
  if (name === 'status_id') return statuses.byId.get(Number(value))?.label ?? value;
  if (CURRENCY_FIELDS.has(name)) return currencies?.byValue.get(value)?.label ?? value;
  if (AMOUNT_FIELDS.has(name)) return formatDecimalTr(value) ?? value;
  if (name.endsWith('_approve_status'))
    return Number(value) === APPROVAL.approved ? tt.approved : tt.declined;
  if (name.endsWith('_date') || name === 'created_at') return formatDateTimeTr(value);
  if (name === 'reverses_id' || name === 'reversed_by_id') return `#${value}`;
  if (name === 'type') return value === TRANSACTION_TYPES.deposit ? tt.deposit : tt.withdrawal;
  return value;
}

/** Shown in their own column (the status) or bookkeeping of the server (the money lock's time). */
const JOURNAL_HIDDEN: ReadonlySet<string> = new Set(['status_id', 'locked_at']);

/** The status a step started from and ended at ("— → Yatırım Talimatı Verildi" for the creation). */
function statusStep(before: number | null, after: number | null, statuses: StatusIndex): string {
  const name = (id: number | null): string =>
    id === null ? '—' : (statuses.byId.get(id)?.label ?? String(id));
  if (before === null && after === null) return '—';
  return before === after ? name(after) : `${name(before)} → ${name(after)}`;
}

/** Every step of one transaction, oldest first: who, when, what changed from what to what. */
export function JournalDialog({ id, onClose, statuses }: DialogProps & { statuses: StatusIndex }): ReactNode {
  const journal = useCrmQuery('transactionJournal', { params: { id } }, { staleTime: 0 });
  const currencies = useOptions(OPTION_LIST_IDS.currencies).data;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={format(tt.journalTitle, { id })}
      icon="history"
      style={{ width: 920, maxWidth: '95vw' }}
    >
      <DialogBody>
        {journal.isError ? <Callout intent="danger">{journal.error.message}</Callout> : null}
        {journal.isPending ? <Spinner size={20} /> : null}
        {journal.data && journal.data.results.length === 0 ? <p>{tt.journalEmpty}</p> : null}
        {journal.data && journal.data.results.length > 0 ? (
          <HTMLTable compact striped className="trx-journal" data-testid="trx-journal">
            <thead>
              <tr>
                <th>{tt.columnDate}</th>
                <th>{tt.journalActor}</th>
                <th>{tt.journalAction}</th>
                <th>{tt.journalStatus}</th>
                <th>{tt.journalChanges}</th>
              </tr>
            </thead>
            <tbody>
              {journal.data.results.map((entry) => (
                <tr key={entry.id} data-testid="trx-journal-entry">
                  <td className="trx-nowrap">{formatDateTimeTr(entry.created_at)}</td>
                  <td>{entry.agent_name ?? '—'}</td>
                  <td>
                    <strong>{tt.actionNames[entry.action] ?? entry.action}</strong>
                  </td>
                  <td className="trx-nowrap" data-testid="trx-journal-status">
                    {statusStep(entry.status_before, entry.status_after, statuses)}
                  </td>
                  <td>
                    {Object.entries(entry.values)
                      .filter(([name]) => !JOURNAL_HIDDEN.has(name))
                      .map(([name, change]) => (
                        <div key={name}>
                          {tt.fieldNames[name] ?? name}:{' '}
                          {journalValueText(name, change.old, statuses, currencies)} →{' '}
                          {journalValueText(name, change.new, statuses, currencies)}
                        </div>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
      </DialogBody>
      <DialogFooter actions={<Button text={messages.close} onClick={onClose} />} />
    </Dialog>
  );
}

const EDITABLE = ['amount', 'login', 'iban', 'iban_name', 'delivery_iban', 'comment'] as const;
type Editable = (typeof EDITABLE)[number];
const EDIT_LABELS: Readonly<Record<Editable, string>> = {
  amount: tt.amount,
  login: tt.platform,
  iban: tt.iban,
  iban_name: tt.ibanName,
  delivery_iban: tt.deliveryInfo,
  comment: tt.comment,
};

/**
 * The edit modal of admin and sales_manager (see docs/requirements.md#departments-and-permissions): the instruction's data, saved with the generic
 * detail save. Status, approvals and booked amounts are not here: only the workflow steps change them.
 */
export function EditTransactionDialog({ row, onClose }: { row: RecordRow; onClose: () => void }): ReactNode {
  const id = Number(row.id);
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const save = useCrmMutation('detailSave');
  // The amount starts written the Turkish way ('1.000,50'), as the money input reads what people type.
  const [initial] = useState<Record<Editable, string>>(
    () =>
      Object.fromEntries(
        EDITABLE.map((name) => {
          const text = textCell(row, name);
          return [name, name === 'amount' && text !== '' ? (formatDecimalTr(text) ?? text) : text];
        }),
      ) as Record<Editable, string>,
  );
  const [values, setValues] = useState<Record<Editable, string>>(initial);
  const [error, setError] = useState<string | null>(null);
  // After finance's approval the money fields are read-only (the server refuses them the same way).
  const locked = moneyLocked({
    status_id: Number(row.status_id),
    finance_approve_status: row.finance_approve_status === null ? null : Number(row.finance_approve_status),
    locked_at: row.locked_at ?? null,
  });
  const isLocked = (name: Editable): boolean => locked && LOCKED_MONEY_FIELDS.includes(name);
  const amount = useAmountReading(values.amount, moneyMessages.amountLabel, textCell(row, 'currency_id'));
  const submit = (): void => {
    const changed = EDITABLE.filter((name) => !isLocked(name) && values[name] !== initial[name]);
    if (changed.includes('amount') && !amount.reading.ok) {
      setError(amount.reading.error);
      return;
    }
    const inputs = Object.fromEntries(
      changed.map((name) => [
        name,
        name === 'amount' && amount.reading.ok ? amount.reading.value : values[name],
      ]),
    );
    if (Object.keys(inputs).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      { body: { table: 'transactions', id, inputs } },
      {
        onSuccess: () => {
          notifier.success(messages.savedSuccessfully);
          invalidateTransactions(queryClient);
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Dialog
      isOpen
      onClose={save.isPending ? undefined : onClose}
      title={format(tt.editTitle, { id })}
      icon="edit"
    >
      <DialogBody>
        {locked ? (
          <Callout intent="warning" icon="lock" data-testid="trx-edit-locked">
            {tt.lockedFields}
          </Callout>
        ) : null}
        {EDITABLE.map((name) => (
          <FormGroup
            key={name}
            label={EDIT_LABELS[name]}
            labelInfo={isLocked(name) ? <Icon icon="lock" title={tt.lockedFields} /> : undefined}
            disabled={isLocked(name)}
          >
            {name === 'comment' || name === 'delivery_iban' ? (
              <TextArea
                fill
                value={values[name]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [name]: value }));
                }}
                data-testid={`trx-edit-${name}`}
              />
            ) : name === 'amount' ? (
              <MoneyInput
                ariaLabel={EDIT_LABELS.amount}
                className="money-input-nested"
                text={values.amount}
                onText={(text) => setValues((current) => ({ ...current, amount: text }))}
                reading={amount.reading}
                currency={amount.currency}
                showRequired
                disabled={isLocked('amount')}
                testId="trx-edit-amount"
              />
            ) : (
              <InputGroup
                value={values[name]}
                disabled={isLocked(name)}
                onValueChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
                data-testid={`trx-edit-${name}`}
              />
            )}
          </FormGroup>
        ))}
        {error ? (
          <Callout intent="danger" icon="error" data-testid="trx-edit-error">
            {error}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={messages.cancel} onClick={onClose} disabled={save.isPending} />
            <Button
              intent="primary"
              text={messages.save}
              loading={save.isPending}
              disabled={values.amount !== initial.amount && !amount.reading.ok}
              onClick={submit}
              data-testid="trx-edit-save"
            />
          </>
        }
      />
    </Dialog>
  );
}
