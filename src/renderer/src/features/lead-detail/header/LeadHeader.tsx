import { AnchorButton, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FieldMeta, RecordRow } from '../../../../../shared/contract';
import { whatsappLink } from '../../../../../shared/domain';
import { format, messages } from '../../../../../shared/i18n/messages';
import { useCrmQuery } from '../../../api/use-crm-call';
import { callablePhone } from '../../../components/field-renderers/lead-status/quick-call';
import { cellText } from '../../../components/field-renderers';
import { uiTexts } from '../../../i18n/ui-texts';
import { leadCallInputs } from '../lead-queries';
import { ConvertCustomer } from './ConvertCustomer';
import { NextLeadButton } from './NextLeadButton';
import { OfferMenu, useMayPrepareOffers } from './OfferMenu';
import { QuickCallMenu } from './QuickCallMenu';

export type LeadHeaderProps = {
  leadId: number;
  row: RecordRow;
  fields: readonly FieldMeta[];
  trx: number | undefined;
};

/** is_customer arrives as 0/1, '0'/'1' or a boolean depending on the column type. */
export function isCustomer(row: RecordRow): boolean {
  const value = row.is_customer;
  return value === true || value === 1 || value === '1';
}

/**
 * The lead's note count: the notes list's total, shared with the notes panel (same query). A server of
 * the spec alone sends no total: the notes it listed count then.
 */
function NoteCount({ leadId }: { leadId: number }): ReactNode {
  const notes = useCrmQuery('notes', leadCallInputs.notes(leadId));
  if (!notes.data) return null;
  const count = notes.data.total ?? notes.data.results.length;
  return (
    <Tag minimal round icon="annotation" data-testid="lead-note-count" data-count={count}>
      {format(uiTexts.noteCount, { count })}
    </Tag>
  );
}

/**
 * The lead detail header (see docs/requirements.md#lead-workspace-and-work-screens): name, id, note count, quick call, WhatsApp (only with a 10-digit
 * number), e-mail, convert (only while is_customer is 0) and next lead.
 */
export function LeadHeader({ leadId, row, fields, trx }: LeadHeaderProps): ReactNode {
  const name = cellText(row.name);
  const email = cellText(row.email).trim();
  const phone = callablePhone(row);
  const whatsapp = phone === null ? null : whatsappLink(phone);
  const customer = isCustomer(row);
  // Only a lead whose is_customer the user may read and which is 0 offers conversion.
  const convertible = Object.hasOwn(row, 'is_customer') && !customer;
  const offers = useMayPrepareOffers();

  return (
    <header className="lead-header" data-testid="lead-header">
      <div className="lead-header-identity">
        <h2 className="lead-name" data-testid="lead-name">
          {name === '' ? uiTexts.emptyValue : name}
        </h2>
        <Tag minimal className="lead-id" data-testid="lead-id">
          {format(messages.leadRef, { id: leadId })}
        </Tag>
        {customer ? (
          <Tag intent="success" round data-testid="lead-customer">
            {uiTexts.customerTag}
          </Tag>
        ) : null}
        {trx === undefined ? null : (
          <Tag minimal intent="primary" icon="exchange">
            {format(uiTexts.transactionRef, { id: trx })}
          </Tag>
        )}
        <NoteCount leadId={leadId} />
      </div>
      <div className="lead-header-actions">
        <QuickCallMenu leadId={leadId} row={row} />
        {whatsapp === null ? null : (
          <AnchorButton
            icon="chat"
            text={uiTexts.whatsapp}
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="whatsapp-link"
          />
        )}
        {email === '' ? null : (
          <AnchorButton
            icon="envelope"
            text={uiTexts.sendMail}
            title={email}
            href={`mailto:${email}`}
            data-testid="email-link"
          />
        )}
        {offers ? <OfferMenu leadId={leadId} /> : null}
        {convertible ? <ConvertCustomer leadId={leadId} row={row} fields={fields} /> : null}
        <NextLeadButton leadId={leadId} isCustomer={customer} />
      </div>
    </header>
  );
}
