import { Button, ButtonGroup, Menu, PopoverNext } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { RecordRow } from '../../../../../shared/contract';
import { CALL_LINES, type CallLine } from '../../../../../shared/domain';
import { format } from '../../../../../shared/i18n/messages';
import { workflowMessages } from '../../../../../shared/i18n/workflow-messages';
import { usePermissions } from '../../../api/permissions';
import { callablePhone } from '../../../components/field-renderers/lead-status/quick-call';
import { useQuickCall } from '../../../components/field-renderers/lead-status/use-quick-call';
import { uiTexts } from '../../../i18n/ui-texts';
import { CallLineItems } from '../../../components/field-renderers/lead-status/CallLineItems';

export type QuickCallMenuProps = {
  leadId: number;
  /** The lead's record: its phone, mobile and phone_2 are tried in that order. */
  row: RecordRow;
};

/**
 * The header's quick call (see docs/requirements.md#lead-workspace-and-work-screens): the lines İstanbul 0, İzmir 80, Ankara 90 (see docs/requirements.md#constants-and-limits) and a plain
 * call, with the list's status-cell rules: a dahili in the profile first, then a 10-digit number. The
 * server checks both again and dials only the lead's own numbers.
 */
export function QuickCallMenu({ leadId, row }: QuickCallMenuProps): ReactNode {
  const [open, setOpen] = useState(false);
  const { calling, call } = useQuickCall();
  // One click calls on the default line of the profile (docs/user-guide.md#calls); none: a plain call.
  const permissions = usePermissions();
  const saved = permissions.data?.me.default_call_line ?? null;
  const defaultLine = CALL_LINES.find((line) => String(line.value) === saved) ?? null;

  const callOn = (line: CallLine | null): void => {
    setOpen(false);
    void call(leadId, line, () => Promise.resolve(callablePhone(row)));
  };

  const menu = (
    <Menu size="small" data-testid="quick-call-menu">
      <CallLineItems calling={calling} onCall={callOn} />
    </Menu>
  );

  return (
    <ButtonGroup>
      <Button
        icon="phone"
        text={uiTexts.call}
        title={defaultLine ? format(workflowMessages.callOnLine, { line: defaultLine.label }) : uiTexts.call}
        loading={calling}
        onClick={() => callOn(defaultLine ? defaultLine.value : null)}
        data-testid="quick-call-default"
      />
      <PopoverNext
        content={menu}
        isOpen={open}
        onInteraction={setOpen}
        placement="bottom-start"
        arrow={false}
        animation="minimal"
      >
        <Button
          icon="caret-down"
          aria-label={workflowMessages.callDefaultLine}
          disabled={calling}
          aria-haspopup="menu"
          data-testid="quick-call"
        />
      </PopoverNext>
    </ButtonGroup>
  );
}
