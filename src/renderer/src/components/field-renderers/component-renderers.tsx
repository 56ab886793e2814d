import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Spinner,
} from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FieldMeta, RecordRow } from '../../../../shared/contract';
import { formatDecimalTr } from '../../../../shared/domain';
import { format, messages } from '../../../../shared/i18n/messages';
import { callCrm } from '../../api/use-crm-call';
import { useBridge } from '../../bridge/bridge-context';
import { useRecordRow } from '../../api/record-row';
import { componentTexts } from '../../i18n/component-texts';
import { LEAD_CARD_FIELDS, maskHidden, positiveId, previewLine } from './component-values';
import { EmailValue } from './detail-renderers';
import { LeadStatusCell } from './lead-status/LeadStatusCell';
import { FieldRendererContext, useFieldRendererContext } from './renderer-context';
import { cellText, OptionValue, TextValue } from './renderers';
import type { FieldRendererProps } from './types';
import { parseJsonCell, readableJson } from './value-details';
import './component-renderers.css';

/** A click inside a list cell acts on the cell, not on the row (which would select or open it). */
function stop(event: MouseEvent): void {
  event.stopPropagation();
}

/** double: exact decimal text in Turkish notation (1.234,50); anything else as the server sent it. */
export function DecimalValue({ value }: FieldRendererProps): ReactNode {
  const raw = cellText(value);
  if (raw === '') return null;
  return <span className="field-number field-decimal">{formatDecimalTr(raw) ?? raw}</span>;
}

/**
 * clickShow: masked until clicked (a national id on a shared screen), then the value itself. Lists get
 * the value masked from the server (docs/user-guide.md#maskeli-alanlar); the click asks POST /hidden for
 * this one field of this one record. The reveal lasts as long as the cell: a new page masks it again.
 */
export function ClickShowValue({ value, field, row }: FieldRendererProps): ReactNode {
  const context = useFieldRendererContext();
  const bridge = useBridge();
  const [shown, setShown] = useState<string | null>(null);
  const raw = cellText(value).trim();
  if (raw === '') return null;
  const testId = `clickshow-${field.name}-${cellText(row.id)}`;
  if (shown !== null) {
    return (
      <span className="field-text field-clickshow is-shown" data-testid={testId} data-shown="true">
        {shown}
      </span>
    );
  }
  const id = positiveId(row.id);
  const reveal = (): void => {
    if (!context || id === null) {
      setShown(raw);
      return;
    }
    callCrm(bridge, 'hidden', { params: { table: context.table, id, field: field.name } }).then(
      (answer) => setShown(cellText(answer.value)),
      () => setShown(raw),
    );
  };
  return (
    <Button
      variant="minimal"
      size="small"
      icon="eye-open"
      className="field-details-button field-clickshow"
      text={maskHidden(raw)}
      title={componentTexts.clickToShow}
      aria-label={`${field.displayName}: ${componentTexts.clickToShow}`}
      onClick={(event) => {
        stop(event);
        reveal();
      }}
      data-testid={testId}
      data-shown="false"
    />
  );
}

type ValueDialogProps = {
  title: string;
  icon: IconName;
  isOpen: boolean;
  onClose: () => void;
  testId: string;
  children: ReactNode;
};

function ValueDialog({ title, icon, isOpen, onClose, testId, children }: ValueDialogProps): ReactNode {
  // Mounted only while open: a closed Blueprint Dialog is still an overlay component in every list cell
  // of these columns, and a 500-row page draws hundreds of them.
  if (!isOpen) return null;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon={icon} className="field-value-dialog">
      <DialogBody data-testid={testId}>{children}</DialogBody>
      <DialogFooter
        actions={<Button text={messages.close} onClick={onClose} data-testid={`${testId}-close`} />}
      />
    </Dialog>
  );
}

/** modal: a long text (an e-mail template, a description) previewed on one line, whole in a dialog. */
export function ModalValue({ value, field, row }: FieldRendererProps): ReactNode {
  const [open, setOpen] = useState(false);
  const raw = cellText(value);
  if (raw.trim() === '') return null;
  return (
    <>
      <Button
        variant="minimal"
        size="small"
        className="field-details-button"
        endIcon="document-open"
        text={previewLine(raw)}
        title={componentTexts.showAll}
        onClick={(event) => {
          stop(event);
          setOpen(true);
        }}
        data-testid={`modal-open-${field.name}-${cellText(row.id)}`}
      />
      <ValueDialog
        title={field.displayName}
        icon="document"
        isOpen={open}
        onClose={() => setOpen(false)}
        testId="field-modal"
      >
        <div className="field-modal-text">{raw}</div>
      </ValueDialog>
    </>
  );
}

/** json: short on one line; a click shows it formatted. Text that is not JSON shows as it is. */
export function JsonValue({ value, field, row }: FieldRendererProps): ReactNode {
  const [open, setOpen] = useState(false);
  const parsed = parseJsonCell(value);
  if (!parsed.ok) return <span className="field-text">{cellText(value)}</span>;
  return (
    <>
      <Button
        variant="minimal"
        size="small"
        className="field-details-button field-json-button"
        icon="code-block"
        text={<span className="field-json">{readableJson(parsed.value, 48)}</span>}
        title={componentTexts.showAll}
        onClick={(event) => {
          stop(event);
          setOpen(true);
        }}
        data-testid={`json-open-${field.name}-${cellText(row.id)}`}
      />
      <ValueDialog
        title={format(componentTexts.jsonTitle, { field: field.displayName })}
        icon="code-block"
        isOpen={open}
        onClose={() => setOpen(false)}
        testId="field-json"
      >
        <ReadableDetails value={parsed.value} />
      </ValueDialog>
    </>
  );
}

/** A JSON cell's content as labelled lines, never as JSON text. */
function ReadableDetails({ value }: { value: unknown }): ReactNode {
  const entries =
    typeof value === 'object' && value !== null
      ? Object.entries(value as Record<string, unknown>)
      : [['', value] as const];
  return (
    <dl className="field-json-pretty">
      {entries.map(([key, item]) => (
        <div key={key} className="field-json-line">
          {key !== '' && !Array.isArray(value) ? <dt>{key}</dt> : null}
          <dd>{readableJson(item, 2000)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One value of the lead card, display only: the card is no list, so no quick status change or call. */
function CardValue({ field, row }: { field: FieldMeta; row: RecordRow }): ReactNode {
  const props: FieldRendererProps = {
    value: row[field.name],
    row,
    field: {
      name: field.name,
      displayName: field.display_name,
      component: field.component.name,
      options: field.options,
    },
  };
  switch (field.component.name) {
    case 'leadStatus':
      return <LeadStatusCell {...props} />;
    case 'selectbox':
    case 'status':
      return <OptionValue {...props} />;
    case 'email':
      return <EmailValue {...props} />;
    case 'double':
      return <DecimalValue {...props} />;
    default:
      return <TextValue {...props} />;
  }
}

function LeadCard({ id }: { id: number }): ReactNode {
  const lead = useRecordRow({ params: { table: 'leads', id } }, { staleTime: 30_000 });
  if (lead.isPending) return <Spinner size={24} />;
  if (lead.isError)
    return <Callout intent="warning">{lead.error.message || messages.recordNotFound}</Callout>;
  const byName = new Map(lead.data.fields.map((field) => [field.name, field]));
  const shown = LEAD_CARD_FIELDS.flatMap((name) => {
    const field = byName.get(name);
    return field ? [field] : [];
  });
  return (
    <FieldRendererContext.Provider value={null}>
      <HTMLTable compact className="field-lead-card" data-testid="lead-card-fields">
        <tbody>
          {shown.map((field) => (
            <tr key={field.name}>
              <th scope="row" className={Classes.TEXT_MUTED}>
                {field.display_name}
              </th>
              <td data-testid={`lead-card-${field.name}`}>
                <CardValue field={field} row={lead.data.results} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </FieldRendererContext.Provider>
  );
}

/**
 * leadDetailModal: the lead's number; a click opens the lead's card (name, status, agent, contact) in a
 * dialog, loaded only then and only with what the user may read, with a link to its detail page.
 */
export function LeadDetailModalValue({ value, field, row }: FieldRendererProps): ReactNode {
  const context = useFieldRendererContext();
  const [open, setOpen] = useState(false);
  const id = positiveId(value);
  if (id === null) return <span className="field-number">{cellText(value)}</span>;
  const title = format(componentTexts.leadCard, { id });
  // The person's name opens their workspace (docs/user-guide.md#kayitlari-acmak); the card stays a click away.
  const name = context?.leadNames?.[String(id)];
  return (
    <>
      {name ? (
        <Link
          className="field-text field-link"
          to={`/leadDetail/${id}`}
          onClick={stop}
          data-testid={`lead-name-${field.name}-${cellText(row.id)}`}
        >
          {name}
        </Link>
      ) : null}
      <Button
        variant="minimal"
        size="small"
        icon="id-number"
        className="field-details-button"
        text={name ? undefined : String(id)}
        title={title}
        onClick={(event) => {
          stop(event);
          setOpen(true);
        }}
        data-testid={`lead-modal-open-${field.name}-${cellText(row.id)}`}
      />
      <ValueDialog
        title={title}
        icon="person"
        isOpen={open}
        onClose={() => setOpen(false)}
        testId="lead-card"
      >
        {open ? <LeadCard id={id} /> : null}
        <Link to={`/leadDetail/${id}`} className="field-details-link" data-testid="lead-card-link">
          {componentTexts.openLeadDetail}
        </Link>
      </ValueDialog>
    </>
  );
}
