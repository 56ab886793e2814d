import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { CallResult, contract } from '../../../shared/contract';
import { format, messages } from '../../../shared/i18n/messages';
import type { Database } from '../../db/schema';
import { DomainError, isDomainError } from '../../domain-errors';
import {
  deleteChildRows,
  deleteRows,
  isForeignKeyViolation,
  lockRowsInScope,
  updateRows,
} from '../../engine/bulk-store';
import { journaledWrite } from '../../engine/lead-journal';
import { requireFlag, resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import { checkWriteValues, prepareValues, type WriteInput } from '../../engine/record-writer';
import type { RecordHooks } from '../../engine/record-hooks';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser } from '../../engine/types';

type BulkSaveBody = z.output<(typeof contract)['bulkSave']['body']>;
type BulkRemoveBody = z.output<(typeof contract)['bulkRemove']['body']>;
type BulkRemoveNotesBody = z.output<(typeof contract)['bulkRemoveNotes']['body']>;

export interface BulkService {
  /** POST /bulk/save/: one or two writable fields on every selected row, in one transaction. */
  save(user: EngineUser, body: BulkSaveBody): Promise<CallResult<'bulkSave'>>;
  /** POST /bulk/remove/: delete the selected rows (delete flag), in one transaction. */
  remove(user: EngineUser, body: BulkRemoveBody): Promise<CallResult<'bulkRemove'>>;
  /** POST /bulk/removeNotes/: delete the selected leads' notes (delete flag on lead_notes). */
  removeNotes(user: EngineUser, body: BulkRemoveNotesBody): Promise<CallResult<'bulkRemoveNotes'>>;
}

/** The registered table of lead notes and the column tying a note to its lead. */
const NOTES_TABLE = 'lead_notes';
const NOTE_LEAD_COLUMN = 'lead_id';
/** Source table whose rows have notes: the leads list and lists over leads (customers). */
const LEADS_SOURCE = 'leads';

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

/** The fields of the bulk form as detail-save inputs: the second only with doubleUpdate. */
function bulkInputs(body: BulkSaveBody): Record<string, WriteInput> {
  const inputs: Record<string, WriteInput> = { [body.fieldName]: body.fieldValue };
  if (body.doubleUpdate === 1 && body.fieldName2 !== undefined) inputs[body.fieldName2] = body.fieldValue2;
  return inputs;
}

export function createBulkService(
  db: Kysely<Database>,
  registry: TableRegistry,
  hooks: RecordHooks,
): BulkService {
  const access = (user: EngineUser, table: string): Promise<TableAccess> =>
    resolveTableAccess(db, registry, user, table);

  /**
   * Notes are rows of lead_notes, so deleting them takes that table's delete flag: an admin who withholds
   * it there is not overruled by a flag on leads. A group that cannot even see the notes table gets 403
   * (not the table 404): the list it is working in exists, the action is what it may not do.
   */
  async function notesAccess(user: EngineUser): Promise<TableAccess> {
    try {
      const notes = await access(user, NOTES_TABLE);
      requireFlag(notes, 'delete');
      if (!notes.table.columns.has(NOTE_LEAD_COLUMN)) throw new Error('lead_notes has no lead_id column');
      return notes;
    } catch (error) {
      if (isDomainError(error) && error.kind === 'not-found') throw DomainError.forbidden(messages.forbidden);
      throw error;
    }
  }

  return {
    async save(user, body) {
      const target = await access(user, body.table);
      requireFlag(target, 'update');
      // Same names and coercion as detail save: a field the user may not write is a 400 naming it.
      const prepared = prepareValues(
        new Map(target.writable.map((field) => [field.name, field])),
        bulkInputs(body),
      );
      const values = new Map([...prepared].map(([name, item]) => [name, item.value]));
      const ids = unique(body.ids);
      const count = await db.transaction().execute(async (trx) => {
        await checkWriteValues(trx, user, prepared);
        await lockRowsInScope(trx, target, ids);
        await hooks.beforeWrite({ trx, user, access: target, mode: 'update', ids, values });
        // One journal entry per changed lead, committed with the change (see docs/requirements.md#lead-workspace-and-work-screens History).
        return journaledWrite(trx, target, ids, values, { agentId: user.id }, () =>
          updateRows(trx, target, ids, values),
        );
      });
      // After the commit, as for a single save: pushes to whoever works these rows.
      hooks.afterCommit({ user, access: target, mode: 'update', ids });
      return { success: true, msg: format(messages.bulkUpdated, { count }), count };
    },

    async remove(user, body) {
      const target = await access(user, body.table);
      requireFlag(target, 'delete');
      const ids = unique(body.ids);
      try {
        const count = await db.transaction().execute(async (trx) => {
          await lockRowsInScope(trx, target, ids);
          await hooks.beforeDelete({ trx, user, access: target, ids });
          return deleteRows(trx, target, ids);
        });
        return { success: true, msg: format(messages.bulkDeleted, { count }), count };
      } catch (error) {
        // A user still owning leads, a status still in use, …: the transaction rolled back, nothing went.
        if (isForeignKeyViolation(error)) throw DomainError.conflict(messages.recordInUse);
        throw error;
      }
    },

    async removeNotes(user, body) {
      const leads = await access(user, body.table);
      if (leads.table.sourceTable !== LEADS_SOURCE) throw DomainError.invalid(messages.invalidRequest);
      const notes = await notesAccess(user);
      const ids = unique(body.ids);
      const count = await db.transaction().execute(async (trx) => {
        // The leads must be ones the user sees in that list; locked so none moves away meanwhile.
        await lockRowsInScope(trx, leads, ids);
        return deleteChildRows(trx, notes, NOTE_LEAD_COLUMN, ids);
      });
      return { success: true, msg: format(messages.bulkNotesDeleted, { count }), count };
    },
  };
}
