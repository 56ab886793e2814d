import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../../../shared/i18n/messages';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { readListContext, readStoredFilters, readStoredSort } from '../../list';
import { LEAD_TABLE } from '../lead-queries';
import { nextLeadQuery } from './next-lead-query';

export type NextLeadButtonProps = { leadId: number; isCustomer: boolean };

/**
 * Next-lead navigation (see docs/requirements.md#lead-workspace-and-work-screens): the lead after this one in the list the agent came from, with the
 * filters and sort on screen there (URL filters too); see nextLeadQuery. The tab stays the same, so an
 * agent working through the notes of one list keeps working in the notes.
 */
export function NextLeadButton({ leadId, isCustomer }: NextLeadButtonProps): ReactNode {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const notifier = useNotifier();
  const nextLead = useCrmMutation('nextLead');

  const goNext = (): void => {
    nextLead.mutate(
      {
        params: { x: leadId },
        body: nextLeadQuery(readListContext(), isCustomer, () => ({
          filters: readStoredFilters(LEAD_TABLE),
          sort: readStoredSort(LEAD_TABLE),
        })),
      },
      {
        onSuccess: (answer) => {
          if (answer.id === null) notifier.warning(uiTexts.nextLeadNone);
          else void navigate({ pathname: `/leadDetail/${answer.id}`, hash });
        },
        onError: (error) => notifier.danger(messages.operationFailed, error.message),
      },
    );
  };

  return (
    <Button
      icon="arrow-right"
      text={messages.nextLead}
      loading={nextLead.isPending}
      onClick={goNext}
      data-testid="next-lead"
    />
  );
}
