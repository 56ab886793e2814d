import type { Kysely } from 'kysely';
import { OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { parseStatusFlow, type StatusFlow } from '../../../shared/domain/transaction-flow';
import { transactionMessages as t } from '../../../shared/i18n/transaction-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { RecordHook } from '../../engine/record-hooks';

export interface StatusEntry {
  readonly id: number;
  readonly label: string;
  readonly flow: StatusFlow;
}

/** Option list 146 with the flows admins keep there (a broken flow allows nothing rather than anything). */
export async function loadStatuses(db: Kysely<Database>): Promise<StatusEntry[]> {
  const rows = await db
    .selectFrom('option_values')
    .select(['value', 'label', 'flow'])
    .where('list_id', '=', OPTION_LIST_IDS.transactionStatuses)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows
    .filter((row) => /^\d+$/.test(row.value))
    .map((row) => ({ id: Number(row.value), label: row.label, flow: parseStatusFlow(row.flow) ?? {} }));
}

export async function loadStatus(db: Kysely<Database>, statusId: number): Promise<StatusEntry> {
  const row = await db
    .selectFrom('option_values')
    .select(['value', 'label', 'flow'])
    .where('list_id', '=', OPTION_LIST_IDS.transactionStatuses)
    .where('value', '=', String(statusId))
    .executeTakeFirst();
  if (!row) return { id: statusId, label: String(statusId), flow: {} };
  return { id: statusId, label: row.label, flow: parseStatusFlow(row.flow) ?? {} };
}

/** The source table of option list values; its flow column is checked on every generic write. */
export const OPTION_VALUES_SOURCE = 'option_values';

/** An admin editing a status's flow as data must write a department -> status ids map. */
export const statusFlowHook: RecordHook = {
  beforeWrite({ values }) {
    const flow = values.get('flow');
    if (flow !== undefined && flow !== null && parseStatusFlow(flow) === null) {
      return Promise.reject(DomainError.invalid(t.invalidFlow));
    }
    return Promise.resolve();
  },
};
