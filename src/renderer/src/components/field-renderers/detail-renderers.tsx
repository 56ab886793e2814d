import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LEAD_LIST_TABLES } from '../../../../shared/domain/constants';
import { uiTexts } from '../../i18n/ui-texts';
import { positiveId } from './component-values';
import { useFieldRendererContext } from './renderer-context';
import { cellText } from './renderers';
import type { FieldRendererProps } from './types';
import { detailEntries, isEmailAddress, parseJsonCell, prettyJson, shortJson } from './value-details';

export function EmailValue({ value }: FieldRendererProps): ReactNode {
  const raw = cellText(value).trim();
  if (raw === '') return null;
  if (!isEmailAddress(raw)) return <span className="field-text">{raw}</span>;
  return (
    <a className="field-email" href={`mailto:${raw}`} onClick={(event) => event.stopPropagation()}>
      {raw}
    </a>
  );
}

/**
 * name: in a list of leads or customers the person's name opens their workspace with one click
 * (docs/user-guide.md#kayitlari-acmak); elsewhere plain text.
 */
export function NameValue({ value, row }: FieldRendererProps): ReactNode {
  const context = useFieldRendererContext();
  const text = cellText(value);
  const id = positiveId(row.id);
  if (!context || !LEAD_LIST_TABLES.has(context.table) || id === null || text === '') {
    return <span className="field-text">{text}</span>;
  }
  return (
    <Link
      className="field-text field-link field-name-link"
      to={`/leadDetail/${id}`}
      data-testid={`open-lead-${id}`}
      onClick={(event) => event.stopPropagation()}
    >
      {text}
    </Link>
  );
}

/** lead_id: the lead's number, linking to its detail page (see docs/requirements.md#shell-lists-and-chat /leadDetail/{id}). */
export function LeadLinkValue({ value }: FieldRendererProps): ReactNode {
  const context = useFieldRendererContext();
  const id = positiveId(value);
  if (id === null) return <span className="field-number">{cellText(value)}</span>;
  // The lead's name when the user may see the lead (docs/user-guide.md#kayitlari-acmak), else its number.
  const name = context?.leadNames?.[String(id)];
  return (
    <Link
      className={name ? 'field-text field-link' : 'field-number field-link'}
      to={`/leadDetail/${id}`}
      data-testid={`lead-link-${id}`}
    >
      {name ?? id}
    </Link>
  );
}

export type DetailsBodyProps = FieldRendererProps;

function DetailsBody({ value, field, row }: DetailsBodyProps): ReactNode {
  const parsed = parseJsonCell(value);
  const leadId = positiveId(row.lead_id);
  return (
    <div className="field-details" data-testid="cell-details">
      <div className={`field-details-title ${Classes.TEXT_MUTED}`}>{field.displayName}</div>
      {parsed.ok ? (
        <pre className="field-details-json">{prettyJson(parsed.value)}</pre>
      ) : (
        <div className="field-details-text">{cellText(value) || uiTexts.emptyValue}</div>
      )}
      {leadId !== null ? (
        <Link to={`/leadDetail/${leadId}`} className="field-details-link">
          {uiTexts.openDetail}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A permission cell outside a list (no permission modal to open): a short text that opens a popover with
 * the whole value, and a link to the row's lead when it has one.
 */
export function DetailsValue(props: FieldRendererProps): ReactNode {
  const { value, field, row } = props;
  const raw = cellText(value);
  if (raw === '') return null;
  const parsed = parseJsonCell(value);
  const text = parsed.ok ? shortJson(parsed.value, 40) : raw;
  return (
    <PopoverNext
      content={<DetailsBody {...props} />}
      placement="bottom-start"
      className="field-details-popover"
    >
      <Button
        variant="minimal"
        size="small"
        className="field-details-button"
        endIcon="info-sign"
        text={text || uiTexts.details}
        data-testid={`details-${field.name}-${cellText(row.id)}`}
      />
    </PopoverNext>
  );
}

/** permissionModal: a summary that opens the list's permission modal with the row's details. */
export function PermissionValue(props: FieldRendererProps): ReactNode {
  const context = useFieldRendererContext();
  const { value, field, row } = props;
  const entries = detailEntries(value);
  if (!context?.openPermission) return <DetailsValue {...props} />;
  const openPermission = context.openPermission;
  return (
    <Button
      variant="minimal"
      size="small"
      icon="key"
      className="field-details-button"
      text={
        entries.length > 0 ? `${uiTexts.permissionDetails} (${entries.length})` : uiTexts.permissionDetails
      }
      onClick={() => openPermission(field, row)}
      data-testid={`permission-open-${cellText(row.id)}`}
    />
  );
}
