import type { Kysely } from 'kysely';
import { OPTION_LIST_IDS } from '../../../shared/domain/constants';
import { parseStatusFlow, type StatusFlow } from '../../../shared/domain/transaction-flow';
import { transactionMessages as t } from '../../../shared/i18n/transaction-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { RecordHook } from '../../engine/record-hooks';
import { FINAL_STATUSES } from '../../../shared/domain/transaction-state';

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

/**
 * An admin editing a status's flow as data must write a department -> status ids map, and a final status
 * (12, 15) keeps an empty flow: nothing moves out of it (docs/money.md#state-machine).
 */
export const statusFlowHook: RecordHook = {
  async beforeWrite({ trx, mode, ids, values }) {
    const raw = values.get('flow');
    if (raw === undefined || raw === null) return;
    const flow = parseStatusFlow(raw);
    if (flow === null) throw DomainError.invalid(t.invalidFlow);
    if (Object.values(flow).every((next) => next.length === 0)) return;
    const rows =
      mode === 'insert'
        ? [
            {
              list_id: Number(values.get('list_id') ?? OPTION_LIST_IDS.transactionStatuses),
              value: String(values.get('value') ?? ''),
            },
          ]
        : await trx
            .selectFrom('option_values')
            .select(['list_id', 'value'])
            .where('id', 'in', [...ids])
            .execute();
    const final = rows.some(
      (row) =>
        Number(row.list_id) === OPTION_LIST_IDS.transactionStatuses && FINAL_STATUSES.has(Number(row.value)),
    );
    if (final) throw DomainError.invalid(t.finalFlow);
  },
};
