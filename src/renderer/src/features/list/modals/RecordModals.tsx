import { useMemo, useState, type ReactNode } from 'react';
import type { RecordRow } from '../../../../../shared/contract';
import type { FieldDescriptor, FieldRendererContextValue } from '../../../components/field-renderers';
import { EditRecordDialog } from './EditRecordDialog';
import { PermissionDialog } from './PermissionDialog';

type PermissionTarget = { field: FieldDescriptor; row: RecordRow };

export type RecordModals = {
  /** Give to FieldRendererContext around the table: cells open the modals through it. */
  context: FieldRendererContextValue;
  /** Row action and double-click: the edit modal of one record. */
  openRecord: (id: number) => void;
  /** Render once, anywhere in the list. */
  element: ReactNode;
};

/**
 * The list's record modals (edit, permission), hosted once per list rather than inside Blueprint's
 * Table, whose cells unmount as they scroll away.
 */
export function useRecordModals(table: string): RecordModals {
  const [editId, setEditId] = useState<number | null>(null);
  const [permission, setPermission] = useState<PermissionTarget | null>(null);
  const context = useMemo<FieldRendererContextValue>(
    () => ({
      table,
      openRecord: setEditId,
      openPermission: (field, row) => setPermission({ field, row }),
    }),
    [table],
  );
  const element = (
    <>
      {editId !== null ? (
        <EditRecordDialog table={table} id={editId} onClose={() => setEditId(null)} />
      ) : null}
      {permission ? (
        <PermissionDialog field={permission.field} row={permission.row} onClose={() => setPermission(null)} />
      ) : null}
    </>
  );
  return { context, openRecord: setEditId, element };
}
