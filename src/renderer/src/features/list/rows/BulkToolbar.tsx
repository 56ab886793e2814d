import { Button, ButtonGroup } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../../../shared/i18n/messages';
import { usePermissions } from '../../../api/permissions';
import { crmKeys } from '../../../api/query-keys';
import { useCrmMutation } from '../../../api/use-crm-call';
import { useNotifier } from '../../../ui/toaster';
import { uiTexts } from '../../../i18n/ui-texts';
import { BulkEditDialog } from '../modals/BulkEditDialog';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { bulkActionsFor } from './bulk-form';
import type { RowSelection } from './use-row-selection';

export type BulkToolbarProps = { table: string; selection: RowSelection };

type OpenPanel = 'edit' | 'delete' | 'deleteNotes' | null;

/**
 * Bulk actions over the ticked rows, each shown only with its permission (see docs/requirements.md#departments-and-permissions): Düzenle (update),
 * Sil (delete), Notları Sil (delete on lead_notes). Goes in the list's toolbar.
 */
export function BulkToolbar({ table, selection }: BulkToolbarProps): ReactNode {
  const permissions = usePermissions();
  const notifier = useNotifier();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OpenPanel>(null);
  // The ids are fixed when a form or confirmation opens, so a tick meanwhile cannot widen the action.
  const [ids, setIds] = useState<number[]>([]);
  const remove = useCrmMutation('bulkRemove');
  const removeNotes = useCrmMutation('bulkRemoveNotes');

  const actions = bulkActionsFor(permissions.data?.tables ?? [], table);
  if (!actions.edit && !actions.delete && !actions.deleteNotes) return null;
  const none = selection.count === 0;

  const start = (panel: Exclude<OpenPanel, null>): void => {
    // docs/requirements.md#filters-and-list-input: bulk actions, like calls, need a dahili in the profile.
    const dahili = permissions.data?.me.dahili;
    if (!dahili || dahili.trim() === '') {
      notifier.warning(uiTexts.bulkDahiliRequired);
      return;
    }
    setIds(selection.ids());
    setOpen(panel);
  };

  const done = (): void => {
    selection.clear();
    void queryClient.invalidateQueries({ queryKey: crmKeys.tableData(table) });
  };

  const runRemoval = (kind: 'delete' | 'deleteNotes'): void => {
    const mutation = kind === 'delete' ? remove : removeNotes;
    mutation.mutate(
      { body: { ids, table } },
      {
        onSuccess: (answer) => {
          setOpen(null);
          if (!answer.success) {
            notifier.danger(messages.operationFailed, answer.msg);
            return;
          }
          notifier.success(answer.msg);
          done();
        },
        onError: (error) => {
          setOpen(null);
          notifier.danger(messages.operationFailed, error.message);
        },
      },
    );
  };

  return (
    <>
      <ButtonGroup className="bulk-toolbar" data-testid="bulk-toolbar">
        {actions.edit ? (
          <Button
            icon="edit"
            text={messages.edit}
            disabled={none}
            onClick={() => start('edit')}
            data-testid="bulk-edit"
          />
        ) : null}
        {actions.delete ? (
          <Button
            icon="trash"
            intent="danger"
            variant="outlined"
            text={messages.delete}
            disabled={none}
            onClick={() => start('delete')}
            data-testid="bulk-delete"
          />
        ) : null}
        {actions.deleteNotes ? (
          <Button
            icon="comment"
            intent="danger"
            variant="outlined"
            text={uiTexts.deleteNotes}
            disabled={none}
            onClick={() => start('deleteNotes')}
            data-testid="bulk-delete-notes"
          />
        ) : null}
      </ButtonGroup>
      {open === 'edit' ? (
        <BulkEditDialog table={table} ids={ids} onClose={() => setOpen(null)} onSaved={done} />
      ) : null}
      <ConfirmDialog
        isOpen={open === 'delete' || open === 'deleteNotes'}
        message={open === 'deleteNotes' ? messages.bulkDeleteNotesConfirm : messages.bulkDeleteConfirm}
        pending={remove.isPending || removeNotes.isPending}
        onConfirm={() => runRemoval(open === 'deleteNotes' ? 'deleteNotes' : 'delete')}
        onCancel={() => setOpen(null)}
      />
    </>
  );
}
