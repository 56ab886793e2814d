import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePermissions } from '../../../api/permissions';
import { useCrmQuery } from '../../../api/use-crm-call';
import { leadHeaderTexts } from '../../../i18n/lead-header-texts';

/** The offer templates' menu entry (crm_tables.table_name 'bids'): its show flag is the bids module. */
const BIDS_TABLE = 'bids';
const NO_INPUT = {};

/** Whether the user's group may prepare offers (the bids screen is shown to it). */
export function useMayPrepareOffers(): boolean {
  const tables = usePermissions().data?.tables ?? [];
  return tables.some((entry) => entry.table === BIDS_TABLE && entry.show === 1);
}

function Templates({ leadId, onPick }: { leadId: number; onPick: (path: string) => void }): ReactNode {
  const templates = useCrmQuery('bids', NO_INPUT);
  if (templates.isPending) return <MenuItem disabled text={leadHeaderTexts.offerLoading} />;
  if (templates.isError) return <MenuItem disabled icon="error" text={templates.error.message} />;
  if (templates.data.results.length === 0) return <MenuItem disabled text={leadHeaderTexts.offerNone} />;
  return (
    <>
      {templates.data.results.map((template) => (
        <MenuItem
          key={template.id}
          icon="document"
          text={template.name}
          onClick={() => onPick(`/bids/${leadId}/${template.id}`)}
          data-testid={`offer-template-${template.id}`}
        />
      ))}
    </>
  );
}

/**
 * "Teklif Hazırla" in the lead's header (docs/user-guide.md#offers-from-the-lead): the offer templates;
 * one opens the offer for this lead, its lead questions already answered from the lead's fields.
 */
export function OfferMenu({ leadId }: { leadId: number }): ReactNode {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const pick = (path: string): void => {
    setOpen(false);
    void navigate(path);
  };
  return (
    <PopoverNext
      content={<Menu size="small">{open ? <Templates leadId={leadId} onPick={pick} /> : null}</Menu>}
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-start"
      arrow={false}
      animation="minimal"
    >
      <Button
        icon="document"
        endIcon="caret-down"
        text={leadHeaderTexts.prepareOffer}
        aria-haspopup="menu"
        data-testid="prepare-offer"
      />
    </PopoverNext>
  );
}
