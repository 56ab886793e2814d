import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../../../shared/i18n/messages';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../app/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { readStoredFilters, readStoredSort } from '../../list/list-preferences';
import { LEAD_TABLE } from '../lead-queries';

export type NextLeadButtonProps = { leadId: number };

/**
 * Next-lead navigation (spec 2 §2): the lead after this one in the leads list as the agent last filtered
 * and sorted it (the list keeps both per table in local storage). The tab stays the same, so an agent
 * working through the notes of one list keeps working in the notes.
 */
export function NextLeadButton({ leadId }: NextLeadButtonProps): ReactNode {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const notifier = useNotifier();
  const nextLead = useCrmMutation('nextLead');

  const goNext = (): void => {
    nextLead.mutate(
      {
        params: { x: leadId },
        body: {
          table: LEAD_TABLE,
          filters: readStoredFilters(LEAD_TABLE),
          sort: readStoredSort(LEAD_TABLE),
        },
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
