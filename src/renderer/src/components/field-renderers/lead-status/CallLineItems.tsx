import { MenuDivider, MenuItem } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { CALL_LINES, type CallLine } from '../../../../../shared/domain';
import { format } from '../../../../../shared/i18n/messages';
import { workflowMessages } from '../../../../../shared/i18n/workflow-messages';
import { uiTexts } from '../../../i18n/ui-texts';

export type CallLineItemsProps = {
  calling: boolean;
  /** A line prefix (İstanbul 0, İzmir 80, Ankara 90) or null for a plain call. */
  onCall: (line: CallLine | null) => void;
};

/** The quick-call entries shared by the list's status cell and the lead header's call menu. */
export function CallLineItems({ calling, onCall }: CallLineItemsProps): ReactNode {
  return (
    <>
      <MenuDivider title={uiTexts.quickCall} />
      {CALL_LINES.map((line) => (
        <MenuItem
          key={line.value}
          icon="phone"
          text={format(workflowMessages.callLineName, { line: line.label })}
          disabled={calling}
          onClick={() => onCall(line.value)}
          data-testid={`call-line-${line.value}`}
        />
      ))}
      <MenuItem
        icon="phone-call"
        text={uiTexts.call}
        disabled={calling}
        onClick={() => onCall(null)}
        data-testid="call-plain"
      />
    </>
  );
}
