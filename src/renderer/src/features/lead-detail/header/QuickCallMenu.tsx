import { Button, Menu, PopoverNext } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { RecordRow } from '../../../../../shared/contract';
import type { CallLine } from '../../../../../shared/domain';
import { messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../app/toaster';
import { callablePhone, checkQuickCall } from '../../../components/field-renderers/lead-status/quick-call';
import { uiTexts } from '../../../i18n/ui-texts';
import { CallLineItems } from '../../../components/field-renderers/lead-status/CallLineItems';

export type QuickCallMenuProps = {
  leadId: number;
  /** The lead's record: its phone, mobile and phone_2 are tried in that order. */
  row: RecordRow;
};

/**
 * The header's quick call (spec 2 §2): the lines İstanbul 0, İzmir 80, Ankara 90 (spec 2 §9) and a plain
 * call, with the list's status-cell rules: a dahili in the profile first, then a 10-digit number. The
 * server checks both again and dials only the lead's own numbers.
 */
export function QuickCallMenu({ leadId, row }: QuickCallMenuProps): ReactNode {
  const permissions = usePermissions();
  const notifier = useNotifier();
  const [open, setOpen] = useState(false);
  const makeCall = useCrmMutation('makeCall');
  const makeFastCall = useCrmMutation('makeFastCall');
  const calling = makeCall.isPending || makeFastCall.isPending;

  const call = async (line: CallLine | null): Promise<void> => {
    setOpen(false);
    const check = checkQuickCall(permissions.data?.me.dahili, callablePhone(row));
    if (!check.ok) {
      notifier.warning(check.message);
      return;
    }
    try {
      const answer =
        line === null
          ? await makeCall.mutateAsync({ body: { phone: check.phone, lead_id: leadId } })
          : await makeFastCall.mutateAsync({ body: { hat: line, lead_id: leadId } });
      if (answer.success) notifier.success(answer.msg || uiTexts.callStarted);
      else notifier.danger(answer.msg || messages.operationFailed);
    } catch (error) {
      notifier.danger(error instanceof Error ? error.message : messages.serverError);
    }
  };

  const menu = (
    <Menu size="small" data-testid="quick-call-menu">
      <CallLineItems calling={calling} onCall={(line) => void call(line)} />
    </Menu>
  );

  return (
    <PopoverNext
      content={menu}
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-start"
      arrow={false}
      animation="minimal"
    >
      <Button
        icon="phone"
        endIcon="caret-down"
        text={uiTexts.call}
        loading={calling}
        aria-haspopup="menu"
        data-testid="quick-call"
      />
    </PopoverNext>
  );
}
