import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  NonIdealState,
} from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { RecordRow } from '../../../../../shared/contract';
import { messages } from '../../../../../shared/i18n/messages';
import { cellText, detailEntries, type FieldDescriptor } from '../../../components/field-renderers';
import { uiTexts } from '../../../i18n/ui-texts';

export type PermissionDialogProps = {
  field: FieldDescriptor;
  row: RecordRow;
  onClose: () => void;
};

/** The permission modal: the read-only permission details one row carries in a permissionModal field. */
export function PermissionDialog({ field, row, onClose }: PermissionDialogProps): ReactNode {
  const entries = detailEntries(row[field.name]);
  const name = cellText(row.name);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`${uiTexts.permissionDetails} · ${field.displayName}`}
      icon="key"
      className="record-dialog"
    >
      <DialogBody data-testid="permission-dialog">
        <p className={Classes.TEXT_MUTED}>
          #{cellText(row.id)}
          {name ? ` · ${name}` : ''}
        </p>
        {entries.length === 0 ? (
          <NonIdealState icon="key" title={uiTexts.emptyValue} />
        ) : (
          <HTMLTable compact striped className="permission-table">
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.key}>
                  <th scope="row">{entry.key}</th>
                  <td>{entry.value}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
      <DialogFooter
        actions={<Button text={messages.close} onClick={onClose} data-testid="permission-close" />}
      />
    </Dialog>
  );
}
